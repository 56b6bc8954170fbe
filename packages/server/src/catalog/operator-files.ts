import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Reads an operator override from DATA_DIR on every request, so editing the file takes effect
 * without a restart. A missing file is the normal case (undefined). A file that cannot be read
 * or is not JSON is logged and ignored, so a typo in an override degrades to the bundled
 * defaults instead of breaking the app for everyone.
 * `segments` must already be validated (no separators, no `..`).
 */
export async function readOperatorJson(
  dataDir: string | undefined,
  segments: readonly string[],
  log: FastifyBaseLogger,
): Promise<unknown> {
  if (!dataDir) return undefined;
  const file = join(dataDir, ...segments);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    log.warn({ err: error, file }, 'operator catalog file unreadable, using bundled data');
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    log.warn({ err: error, file }, 'operator catalog file is not JSON, using bundled data');
    return undefined;
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
