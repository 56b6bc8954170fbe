import type { z } from 'zod';
import { DemoHttpFailure } from './demo-router';

/** A body the server's schema refuses: its 400, worded as the server words it (docs/wire-contract.md §1). */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  part: 'body' | 'querystring' = 'body',
): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  const where = first && first.path.length > 0 ? ` at /${first.path.join('/')}` : '';
  throw new DemoHttpFailure(
    400,
    'validation_failed',
    `Invalid ${part}${where}: ${first?.message ?? 'bad value'}`,
  );
}

/** The server's 400 for a value its own rules refuse after the schema. */
export const badRequest = (message: string) =>
  new DemoHttpFailure(400, 'validation_failed', message);
