import {
  decimalString,
  formatDecimal,
  NODE_MODES,
  nodeTypeSchema,
  pmoSystemSchema,
  progSchema,
  unitsSchema,
} from '@hearth/protocol';
import { z } from 'zod';

/** Bodies of the commands a gateway accepts (docs/wire-contract.md §5, forwarded on `cmd`). */
const temp = z.union([decimalString, z.number()]).transform(Number);
const powerLimit = z
  .union([
    z.string().regex(/^\d+$/, 'must be a whole number of watts, e.g. "2000"'),
    z.number().int().min(0),
  ])
  .transform(Number);
/** Modes a client may set; modified_auto only arises on the device. */
const settableMode = z.enum(NODE_MODES).exclude(['modified_auto']);
/** A runback's length in minutes (at most the setup's max_runback_time, checked on the node). */
const runbackTime = z.coerce.number().int().min(1).max(1440);

export const statusBody = z
  .object({
    stemp: temp.optional(),
    units: unitsSchema.optional(),
    mode: settableMode.optional(),
    comf_temp: temp.optional(),
    eco_temp: temp.optional(),
    ice_temp: temp.optional(),
    locked: z.boolean().optional(),
    boost: z.boolean().optional(),
    /** Minutes of a runback (with `mode: "runback"`), like the boost's `time`. */
    time: runbackTime.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'nothing to change' });
export type StatusBody = z.infer<typeof statusBody>;

export const modeBody = z.object({
  mode: settableMode,
  stemp: temp.optional(),
  units: unitsSchema.optional(),
  time: runbackTime.optional(),
});

export const progTempsBody = z
  .object({
    ice_temp: temp.optional(),
    eco_temp: temp.optional(),
    comf_temp: temp.optional(),
    units: unitsSchema,
  })
  .refine(
    (b) => b.ice_temp !== undefined || b.eco_temp !== undefined || b.comf_temp !== undefined,
    {
      message: 'nothing to change',
    },
  );

export const boostBody = z.object({
  active: z.boolean(),
  temperature: temp.optional(),
  units: unitsSchema.optional(),
  /** Minutes. */
  time: z.coerce.number().int().min(1).max(1440).optional(),
});

export const progBody = z.object({ prog: progSchema }).catchall(z.unknown());

export const setupBody = z
  .object({
    units: unitsSchema.optional(),
    prog_resol: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
    extra_options: z
      .object({
        // Stored and echoed back on the wire, so it stays a one-decimal string (docs/wire-contract.md §1).
        boost_temp: temp.transform(formatDecimal).optional(),
        boost_time: z.coerce.number().int().min(1).max(1440).optional(),
      })
      .catchall(z.unknown())
      .optional(),
  })
  .catchall(z.unknown());

export const lockBody = z.object({ locked: z.boolean() });
export const nameBody = z.object({ name: z.string().trim().min(1).max(30) });
export const selectBody = z.object({ select: z.boolean() });
export const eraseBody = z.object({ purge: z.boolean().optional() }).nullish();
export const powerLimitBody = z.object({ power_limit: powerLimit });
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
