import type { z } from 'zod';
import { UpstreamError } from './provider-errors';

export type FetchLike = typeof fetch;

/**
 * Each provider call gets this long. The app gives up on a call after 10 s (spec 1 §7), and a
 * weather answer may need a geocoding search, a fallback search and a forecast in a row.
 */
export const UPSTREAM_TIMEOUT_MS = 3_000;

/**
 * GETs a provider URL and returns its JSON body checked against `schema`. Every way the
 * provider can fail us (unreachable, slow, non-2xx, not JSON, unexpected shape) becomes one
 * UpstreamError, which the routes turn into a 502.
 */
export async function fetchJson<S extends z.ZodType>(
  fetchImpl: FetchLike,
  url: URL,
  schema: S,
  timeoutMs = UPSTREAM_TIMEOUT_MS,
): Promise<z.infer<S>> {
  let text: string;
  try {
    const response = await fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
    if (!response.ok) {
      throw new UpstreamError(`${url.host} answered ${response.status}`);
    }
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    throw new UpstreamError(`${url.host} unreachable`, { cause: error });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new UpstreamError(`${url.host} answered invalid JSON`, { cause: error });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new UpstreamError(`${url.host} answered an unexpected shape`, { cause: parsed.error });
  }
  return parsed.data;
}

/** Joins a configured base (which may carry a path prefix) with an API path. */
export function providerUrl(base: string, path: string, query: Record<string, string>): URL {
  const url = new URL(path.replace(/^\//, ''), base.endsWith('/') ? base : `${base}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url;
}
