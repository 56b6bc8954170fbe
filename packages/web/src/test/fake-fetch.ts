import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

type Responder = (call: RecordedCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces the global fetch (the app's network boundary) with routes keyed by
 * "METHOD path"; unknown routes answer 404 so a test sees what it forgot.
 */
export function installFakeFetch(routes: Record<string, Responder>) {
  const calls: RecordedCall[] = [];
  const fake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: RecordedCall = {
      url,
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    calls.push(call);
    const path = new URL(url, 'http://localhost').pathname;
    const route = routes[`${call.method} ${path}`];
    return route
      ? route(call)
      : json({ message: 'not found', statusCode: 404, error: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fake);
  return { calls, fake };
}
