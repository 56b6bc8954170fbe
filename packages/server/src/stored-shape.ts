import { z } from 'zod';
import type { Logger } from './logger';

/** Where a read reports a stored object that is not in its documented shape. */
export type StoredShapeLog = Pick<Logger, 'warn'>;

const quiet: StoredShapeLog = { warn: () => undefined };

export const storedObjectSchema = z.record(z.string(), z.unknown());

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A stored object as its documented shape, else `fallback` with a warning: reads answer what
 * docs/wire-contract.md documents whatever an older server, a gateway before ingest checks, or a hand edit
 * left in the database. An object's missing keys come from `fallback`; unknown keys are kept,
 * as the gateway channel keeps them (docs/device-protocol.md).
 */
export function storedOr<T>(
  schema: z.ZodType<T>,
  stored: unknown,
  fallback: T,
  where: string,
  log: StoredShapeLog = quiet,
): T {
  if (stored === undefined || stored === null) return fallback;
  const value =
    isPlainObject(stored) && isPlainObject(fallback) ? { ...fallback, ...stored } : stored;
  const parsed = schema.safeParse(value);
  if (parsed.success) return value as T;
  log.warn(
    { where, issues: parsed.error.issues.slice(0, 5) },
    'stored object is not in its documented shape; answering its default',
  );
  return fallback;
}

/** A stored object that may be absent: undefined, with a warning, when it does not parse. */
export function storedOptional<T>(
  schema: z.ZodType<T>,
  stored: unknown,
  where: string,
  log: StoredShapeLog = quiet,
): T | undefined {
  return storedOr<T | undefined>(schema, stored, undefined, where, log);
}
