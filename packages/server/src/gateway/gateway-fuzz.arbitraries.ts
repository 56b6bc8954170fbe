import fc from 'fast-check';
import type { z } from 'zod';
import {
  connectedPayloadSchema,
  gatewayDeviceObjectSchema,
  gatewaySamplesPayloadSchema,
  GATEWAY_MESSAGE_MAX_BYTES,
  mgrNodesReportSchema,
  nodeObjectReportSchema,
  parseGatewayTopic,
  parseNodeType,
} from '@hearth/protocol';

/** A publication of a gateway: a topic below its own root and the raw payload. */
export interface FuzzPublication {
  /** After `hearth/gw/{devId}/`. */
  suffix: string;
  payload: Buffer;
}

/** One well-formed object per documented topic (docs/device-protocol.md), to mutate. */
const WELL_FORMED: Array<[string, unknown]> = [
  ['connected', { connected: true, fw_version: '2.1' }],
  ['ack', { id: '7b0c6c1e-4d1f-4a43-9b8e-2f6f2b0f6a11', ok: false, error: 'busy' }],
  ['samples', { samples: [{ type: 'htr', addr: 2, t: 1_767_225_600, counter: 10, temp: '20.5' }] }],
  [
    'up/mgr/nodes',
    { nodes: [{ name: 'Hall', addr: 2, type: 'htr', installed: true, lost: false }] },
  ],
  ['up/htr/2/status', { mode: 'manual', stemp: '21.0', mtemp: '19.5', units: 'C' }],
  ['up/htr/2/setup', { min_stemp: '5.0', max_stemp: '30.0', window_mode_enabled: false }],
  [
    'up/htr/2/prog',
    { prog: Object.fromEntries('0123456'.split('').map((d) => [d, Array(24).fill(1)])) },
  ],
  ['up/htr/2/version', { fw_version: '1.2', hw_version: '2' }],
  ['up/mgr/away_status', { enabled: true, away: false, forced: false }],
  ['up/mgr/discovery', { discovery: 'on', type: 'htr', addr: 3 }],
  ['up/mgr/rtc/time', { y: 2026, n: 1, d: 2, h: 3, m: 4, s: 5, w: 5 }],
  ['up/geo_data', { tz_code: 'Europe/Madrid', country: 'ES' }],
  ['up/htr_system/power_limit', { power_limit: '2000' }],
  ['up/pmo_system', { main_circuit_pmos: [5], max_power_config: { profiles: [3000], slots: [] } }],
  ['up/pmo/5/power', { power: '1234.0' }],
  ['up/pmo/5/power_limit', { power_limit: '3000' }],
];

/**
 * Topics below the gateway's root that are none of the documented ones. Not its own `cmd`: the
 * broker closes the connection of a gateway publishing there (broker-acl.test.ts), which ends
 * the run.
 */
const segment = fc.stringMatching(/^[a-z0-9_.-]{0,8}$/);
const strayTopic = fc
  .oneof(
    fc.constantFrom('up', 'status', 'connected/x', 'samples/1', 'up/htr/2', 'up/htr/x/status'),
    fc.constantFrom('up/htr/99999999999/status', 'up/boiler/2/status', 'up/pmo/5/energy'),
    fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => `up/${s.join('/')}`),
    fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('/')),
  )
  .filter((topic) => topic !== 'cmd');

/** Numbers past what the wire means: JSON text the server parses to Infinity, 0, huge ints. */
const hugeNumberText = fc.constantFrom(
  '1e400',
  '-1e400',
  '1e308',
  '-1e-400',
  '123456789012345678901234567890',
  '9007199254740993',
  '-0',
  '2147483648',
);
const wrongValue = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

const nested = (depth: number, open: string, close: string) =>
  open.repeat(depth) + close.repeat(depth);

/** Payloads built from a well-formed object: one field of the wrong type, gone, or huge. */
function mutated(body: unknown): fc.Arbitrary<string> {
  const record = (body ?? {}) as Record<string, unknown>;
  const keys = Object.keys(record);
  const key = fc.constantFrom(...keys);
  return fc.oneof(
    fc.tuple(key, wrongValue).map(([k, v]) => JSON.stringify({ ...record, [k]: v })),
    key.map((k) =>
      JSON.stringify(Object.fromEntries(keys.filter((x) => x !== k).map((x) => [x, record[x]]))),
    ),
    fc
      .tuple(key, hugeNumberText)
      .map(([k, n]) => JSON.stringify({ ...record, [k]: '\u0000' }).replace('"\\u0000"', n)),
    // Unknown keys, small or past the message size limit, beside the known ones; none at all.
    fc
      .tuple(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }))
      .map(([k, v]) => JSON.stringify({ ...record, [`x_${k}`]: v })),
    fc.constantFrom(
      JSON.stringify({ ...record, padding: 'x'.repeat(GATEWAY_MESSAGE_MAX_BYTES) }),
      '{}',
      JSON.stringify([record]),
      JSON.stringify(JSON.stringify(record)),
      JSON.stringify({ ...record, [keys[0] ?? 'x']: nested(64, '[', ']') }).slice(0, -1),
    ),
  );
}

/** Payloads that are no JSON object, deeply nested, or oversized. */
const randomPayload: fc.Arbitrary<Buffer> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')),
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
  fc.constantFrom(
    Buffer.alloc(0),
    Buffer.from('{"connected":tru'),
    Buffer.from([0xff, 0xfe, 0x7b, 0x7d]),
    Buffer.from(nested(10_000, '[', ']')),
    Buffer.from(`${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`),
    Buffer.from(JSON.stringify({ stemp: 'x'.repeat(1_000_000) })),
    Buffer.from(JSON.stringify({ nodes: Array(20_000).fill({ name: 1 }) })),
  ),
);

export const publicationArb: fc.Arbitrary<FuzzPublication> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(...WELL_FORMED)
      .chain(([suffix, body]) =>
        mutated(body).map((text) => ({ suffix, payload: Buffer.from(text) })),
      ),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      suffix: fc.constantFrom(...WELL_FORMED.map(([s]) => s)),
      payload: randomPayload,
    }),
  },
  { weight: 1, arbitrary: fc.record({ suffix: strayTopic, payload: randomPayload }) },
);

const NODE_PART = /^\/([a-z_]+)\/(\d+)\/(status|setup|prog|version)$/;

function schemaOfUp(path: string): z.ZodType<Record<string, unknown>> | undefined {
  const part = NODE_PART.exec(path);
  if (part) {
    const type = parseNodeType(part[1] ?? '');
    if (!type || Number(part[2]) > 2_147_483_647) return undefined;
    const name = part[3] as 'status' | 'setup' | 'prog' | 'version';
    // Status and setup: the node type's shape (protocol node-settings/).
    return nodeObjectReportSchema(type, name);
  }
  if (path === '/mgr/nodes') return mgrNodesReportSchema;
  return gatewayDeviceObjectSchema(path);
}

/** An `up` object in its path's shape, with something known in it. */
function takesUp(path: string, body: unknown): boolean {
  const read = schemaOfUp(path)?.safeParse(body);
  return read?.success === true && Object.values(read.data).some((v) => v !== undefined);
}

/**
 * Whether the documented channel (docs/device-protocol.md, the shapes of gateway.ts and
 * wire.ts) takes the publication in: JSON of the topic's shape. An ack is taken in but names
 * no command here, so it changes nothing either.
 */
export function isTakenIn(topic: string, payload: Buffer): boolean {
  if (payload.length > GATEWAY_MESSAGE_MAX_BYTES) return false;
  const message = parseGatewayTopic(topic);
  if (!message || message.kind === 'cmd' || message.kind === 'ack') return false;
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return false;
  }
  if (message.kind === 'up') return takesUp(message.path, body);
  const schema =
    message.kind === 'connected' ? connectedPayloadSchema : gatewaySamplesPayloadSchema;
  return schema.safeParse(body).success;
}
