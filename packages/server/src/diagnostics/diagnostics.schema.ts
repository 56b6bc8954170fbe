import { z } from 'zod';

/** The shape of a home's diagnostics file (docs/operations.md "Diagnostics"). */
export const DIAGNOSTICS_FORMAT = 'hearth-home-diagnostics';
export const DIAGNOSTICS_VERSION = 1;

const instant = z.string().describe('ISO 8601, UTC');
const ageS = z.number().int().describe('seconds before generated_at');
const body = z.unknown().describe('as stored, secrets and location redacted');

const problem = z.object({
  code: z.enum([
    'gateway_never_connected',
    'gateway_offline',
    'node_lost',
    'commands_waiting',
    'commands_failed',
  ]),
  dev_id: z.string(),
  node: z.object({ type: z.string(), addr: z.number().int() }).optional(),
  since: instant.optional(),
  age_s: ageS.optional(),
  count: z.number().int().optional(),
});

const command = z.object({
  id: z.string(),
  seq: z.number().int(),
  method: z.string(),
  path: z.string(),
  body,
  created_at: instant,
  age_s: ageS,
});

const node = z.object({
  type: z.string(),
  addr: z.number().int(),
  name: z.string(),
  installed: z.boolean(),
  lost: z.boolean(),
  status: body,
  setup: body,
  prog: body,
  version: body,
  last_sample: z.object({ t: z.number().int(), age_s: ageS }).nullable(),
});

const gateway = z.object({
  dev_id: z.string(),
  name: z.string(),
  product_id: z.string(),
  serial_id: z.string(),
  fw_version: z.string(),
  connected: z.boolean(),
  last_seen: instant.nullable(),
  last_seen_age_s: ageS.nullable(),
  added_at: instant,
  objects: z.array(z.object({ path: z.string(), updated_at: instant, age_s: ageS, body })),
  nodes: z.array(node),
  pending_commands: z.object({ count: z.number().int(), oldest: z.array(command) }),
  recent_failures: z.array(command.extend({ error: z.string().nullable() })),
});

export const homeDiagnosticsSchema = z.object({
  format: z.literal(DIAGNOSTICS_FORMAT),
  version: z.literal(DIAGNOSTICS_VERSION),
  generated_at: instant,
  server: z.object({ version: z.string(), commit: z.string() }),
  home: z.object({
    id: z.string(),
    name: z.string(),
    created_at: instant,
    tz_code: z.string().nullable(),
    country: z.string().nullable(),
    guests: z.object({ accepted: z.number().int(), pending: z.number().int() }),
    quiet_home: z.object({
      configured: z.boolean(),
      enabled: z.boolean(),
      excluded_nodes: z.number().int(),
    }),
  }),
  problems: z.array(problem),
  gateways: z.array(gateway),
});
export type HomeDiagnostics = z.infer<typeof homeDiagnosticsSchema>;
export type DiagnosticsProblem = z.infer<typeof problem>;
