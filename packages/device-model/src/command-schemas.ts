import { nodeTypeSchema, pmoSystemSchema, powerLimitWriteSchema } from '@hearth/protocol';
import { z } from 'zod';

/*
 * Bodies of the gateway's own commands (docs/wire-contract.md §5, forwarded on `cmd`). A node's
 * commands are not here: they are the node writes of protocol's table (`NODE_WRITES`), checked
 * with the very schemas the server checked them with (commands.ts).
 */

export const powerLimitBody = powerLimitWriteSchema;
export const awayBody = z.object({
  away: z.boolean(),
  enabled: z.boolean().optional(),
  forced: z.boolean().optional(),
});
export const discoveryBody = z.object({
  discovery: z.enum(['on', 'off']),
  type: nodeTypeSchema.optional(),
  addr: z.number().int().min(0).optional(),
});
export const pmoSystemBody = pmoSystemSchema;

/** Parses a body, or says in one line what is wrong with it. */
export type Parsed<V> = { ok: true; value: V } | { ok: false; error: string };

export function parseBody<T extends z.ZodType>(schema: T, body: unknown): Parsed<z.infer<T>> {
  const r = schema.safeParse(body);
  if (r.success) return { ok: true, value: r.data };
  const issue = r.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return { ok: false, error: `${where}${issue?.message ?? 'invalid body'}` };
}
