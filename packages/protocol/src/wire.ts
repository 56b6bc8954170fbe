import { z } from 'zod';
import { NODE_TYPES, TEMPERATURE_UNITS } from './node-types';
import { NODE_MODES, PROG_DAY_KEYS, PROG_SLOTS_HALF_HOURLY, PROG_SLOTS_HOURLY } from './modes';

/** A temperature, offset or power on the wire: a decimal string such as "20.5". */
export const decimalString = z
  .string()
  .max(16)
  .regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number written as a string, e.g. "20.5"');

export const nodeTypeSchema = z.enum(NODE_TYPES);
export const unitsSchema = z.enum(TEMPERATURE_UNITS);
export const modeSchema = z.enum(NODE_MODES);

/** Node status as a device reports it (spec 3 §3). Unknown keys are kept. */
export const nodeStatusSchema = z
  .object({
    mode: modeSchema.optional(),
    stemp: decimalString.optional(),
    mtemp: decimalString.optional(),
    units: unitsSchema.optional(),
    comf_temp: decimalString.optional(),
    eco_temp: decimalString.optional(),
    ice_temp: decimalString.optional(),
    boost: z.boolean().optional(),
    boost_end_day: z.number().int().optional(),
    boost_end_min: z.number().int().optional(),
    sync_status: z.enum(['ok', 'pending', 'unsync']).optional(),
    power: decimalString.optional(),
    locked: z.boolean().optional(),
    active: z.boolean().optional(),
    charge_level: z.number().int().min(0).max(5).optional(),
    current_charge_per: z.number().min(0).max(100).optional(),
    charging: z.boolean().optional(),
    presence: z.boolean().optional(),
    window_open: z.boolean().optional(),
  })
  .catchall(z.unknown());
export type NodeStatus = z.infer<typeof nodeStatusSchema>;

/** Node setup: a full object that clients GET, merge and POST back (docs/wire-contract.md §5). */
export const nodeSetupSchema = z.record(z.string(), z.unknown());
export type NodeSetup = z.infer<typeof nodeSetupSchema>;

const progDay = z
  .array(z.number().int().min(0).max(2))
  .refine((d) => d.length === PROG_SLOTS_HOURLY || d.length === PROG_SLOTS_HALF_HOURLY, {
    message: `each day must have ${PROG_SLOTS_HOURLY} or ${PROG_SLOTS_HALF_HOURLY} slots`,
  });

/** Weekly programme keyed by day strings "0" (Sunday) … "6"; all days share one resolution. */
export const progSchema = z
  .strictObject(
    Object.fromEntries(PROG_DAY_KEYS.map((k) => [k, progDay])) as Record<
      (typeof PROG_DAY_KEYS)[number],
      typeof progDay
    >,
  )
  .refine((p) => new Set(Object.values(p).map((d) => d.length)).size === 1, {
    message: 'every day must have the same number of slots',
  });
export type Prog = z.infer<typeof progSchema>;

export const nodeVersionSchema = z
  .object({
    hw_version: z.string().optional(),
    fw_version: z.string().optional(),
    uid: z.string().optional(),
    pid: z.string().optional(),
  })
  .catchall(z.unknown());
export type NodeVersion = z.infer<typeof nodeVersionSchema>;

/** An entry of `/mgr/nodes`. */
export const mgrNodeSchema = z.object({
  name: z.string(),
  addr: z.number().int().min(0),
  type: nodeTypeSchema,
  installed: z.boolean(),
  lost: z.boolean(),
});
export type MgrNode = z.infer<typeof mgrNodeSchema>;

/**
 * A node inside the `dev_data` snapshot: each node of `/mgr/nodes`, a part it has not reported
 * yet being `{}` as in the node's own read (ruling D17), so a prog may be `{}` too.
 */
export const snapshotNodeSchema = mgrNodeSchema.extend({
  status: nodeStatusSchema.optional(),
  setup: nodeSetupSchema.optional(),
  prog: z.object({ prog: progSchema.optional() }).catchall(z.unknown()).optional(),
  version: nodeVersionSchema.optional(),
});
export type SnapshotNode = z.infer<typeof snapshotNodeSchema>;

export const awayStatusSchema = z.object({
  enabled: z.boolean(),
  away: z.boolean(),
  forced: z.boolean(),
});
export type AwayStatus = z.infer<typeof awayStatusSchema>;

export const maxPowerConfigSchema = z.object({
  profiles: z.array(z.number()),
  slots: z.array(z.object({ m: z.number().int().min(0).max(10079), i: z.number().int().min(0) })),
});

export const pmoSystemSchema = z.object({
  main_circuit_pmos: z.array(z.number().int()),
  max_power_config: maxPowerConfigSchema,
});
export type PmoSystem = z.infer<typeof pmoSystemSchema>;

/** The realtime snapshot answered to `dev_data` (docs/wire-contract.md §7) and by GET `/dev_data`. */
export interface DevData {
  connected: boolean;
  away_status: AwayStatus;
  geo_data: Record<string, unknown>;
  discovery: { discovery: 'on' | 'off'; type?: string; addr?: number };
  htr_system: { setup: { power_limit: string } };
  pmo_system: PmoSystem;
  nodes: SnapshotNode[];
}

/** A device (gateway) as listed by `/api/v2/devs` and `/api/v2/grouped_devs`. */
export interface Dev {
  dev_id: string;
  name: string;
  product_id: string;
  fw_version: string;
  serial_id: string;
}

export interface GroupedHome {
  id: string;
  name: string;
  owner: boolean;
  devs: Dev[];
}

/** The realtime `update` event: the full object now at `path`. */
export interface UpdateEvent {
  path: string;
  body: unknown;
}

/** The answer of the token endpoint (docs/wire-contract.md §2). */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'bearer';
}

/** Claims of an access token (docs/wire-contract.md §2). */
export interface AccessTokenClaims {
  userId: string;
  serialId: string;
  email: string;
  scope: string;
  /** The sign-in the token belongs to; a token of an ended sign-in is refused. */
  sid: string;
  exp: number;
}
