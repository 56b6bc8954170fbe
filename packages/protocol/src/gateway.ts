import { z } from 'zod';
import { awayStatusSchema, decimalString, pmoSystemSchema } from './wire';

/**
 * The gateway channel over MQTT (docs/wire-contract.md §8; full description in docs/device-protocol.md).
 *
 *   hearth/gw/{devId}/connected      gateway → server, retained: {"connected":true|false}
 *                                    (the last will publishes {"connected":false})
 *   hearth/gw/{devId}/up{path}       gateway → server: the full object now at a realtime
 *                                    path, e.g. hearth/gw/X/up/htr/2/status
 *   hearth/gw/{devId}/samples        gateway → server: energy counters and temperatures
 *   hearth/gw/{devId}/cmd            server → gateway: {id, method, path, body}, e.g. a
 *                                    node write at /htr/2/status or the home's /geo_data
 *   hearth/gw/{devId}/ack            gateway → server: {id, ok, error?}
 *
 * A gateway signs in with username = its dev_id and its own secret, and may publish or
 * subscribe only below hearth/gw/{its dev_id}/.
 */
export const GATEWAY_TOPIC_ROOT = 'hearth/gw';

/**
 * The largest message the server takes from a gateway; a larger one is dropped and counted.
 * A whole node object is a few hundred bytes and a day of samples of a large home some 50 KB.
 */
export const GATEWAY_MESSAGE_MAX_BYTES = 64 * 1024;

export const gatewayTopics = {
  root: (devId: string) => `${GATEWAY_TOPIC_ROOT}/${devId}`,
  connected: (devId: string) => `${GATEWAY_TOPIC_ROOT}/${devId}/connected`,
  up: (devId: string, path: string) => `${GATEWAY_TOPIC_ROOT}/${devId}/up${normalisePath(path)}`,
  samples: (devId: string) => `${GATEWAY_TOPIC_ROOT}/${devId}/samples`,
  cmd: (devId: string) => `${GATEWAY_TOPIC_ROOT}/${devId}/cmd`,
  ack: (devId: string) => `${GATEWAY_TOPIC_ROOT}/${devId}/ack`,
};

/** Subscriptions of the server (one wildcard each). */
export const SERVER_SUBSCRIPTIONS = [
  `${GATEWAY_TOPIC_ROOT}/+/connected`,
  `${GATEWAY_TOPIC_ROOT}/+/up/#`,
  `${GATEWAY_TOPIC_ROOT}/+/samples`,
  `${GATEWAY_TOPIC_ROOT}/+/ack`,
] as const;

function normalisePath(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

export type GatewayMessage =
  | { devId: string; kind: 'connected' }
  | { devId: string; kind: 'up'; path: string }
  | { devId: string; kind: 'samples' }
  | { devId: string; kind: 'cmd' }
  | { devId: string; kind: 'ack' };

/** Reads a topic of the gateway channel; `undefined` for anything else. */
export function parseGatewayTopic(topic: string): GatewayMessage | undefined {
  const prefix = `${GATEWAY_TOPIC_ROOT}/`;
  if (!topic.startsWith(prefix)) return undefined;
  const rest = topic.slice(prefix.length).split('/');
  const [devId, kind, ...path] = rest;
  if (!devId || !kind) return undefined;
  if (kind === 'up') {
    if (path.length === 0 || path.some((p) => p === '')) return undefined;
    return { devId, kind, path: `/${path.join('/')}` };
  }
  if (path.length > 0) return undefined;
  if (kind === 'connected' || kind === 'samples' || kind === 'cmd' || kind === 'ack') {
    return { devId, kind };
  }
  return undefined;
}

/**
 * The ACL of the gateway channel: a gateway may publish and subscribe only below its
 * own root. A wildcard in the dev_id position never matches another gateway's topics
 * because the topic must start with the literal root.
 */
export function isGatewayOwnTopic(devId: string, topic: string): boolean {
  if (/[+#/]/.test(devId)) return false;
  return topic.startsWith(`${gatewayTopics.root(devId)}/`);
}

export const connectedPayloadSchema = z.object({ connected: z.boolean() });

/** A command from the server. `path` is a realtime path such as /htr/2/status. */
export const gatewayCommandSchema = z.object({
  id: z.string().min(1),
  method: z.enum(['POST', 'DELETE']),
  path: z.string().startsWith('/'),
  body: z.unknown(),
});
export type GatewayCommand = z.infer<typeof gatewayCommandSchema>;

export const gatewayAckSchema = z.object({
  id: z.string().min(1),
  ok: z.boolean(),
  error: z.string().optional(),
});
export type GatewayAck = z.infer<typeof gatewayAckSchema>;

/**
 * The command that tells a gateway its home's geo data (POST on this path, the full
 * object as body). The gateway runs its clock and programme in `tz_code` (an IANA zone)
 * and publishes the object back at `up/geo_data`.
 */
export const GEO_DATA_PATH = '/geo_data';
export const geoDataCommandSchema = z
  .object({ tz_code: z.string().min(1).optional() })
  .catchall(z.unknown());
export type GeoDataCommand = z.infer<typeof geoDataCommandSchema>;

/** One sample of a node: t in seconds, counter cumulative Wh, temp a decimal string. */
export const gatewaySampleSchema = z.object({
  type: z.enum(['htr', 'acm', 'pmo', 'thm']),
  addr: z.number().int().min(0),
  t: z.number().int().min(0),
  counter: z.number().min(0),
  temp: z.string().optional(),
  max: z.number().optional(),
  min: z.number().optional(),
});
export const gatewaySamplesPayloadSchema = z.object({ samples: z.array(gatewaySampleSchema) });
export type GatewaySample = z.infer<typeof gatewaySampleSchema>;

/** A power limit as the wire carries it: a string of whole watts, "0" for none (docs/wire-contract.md §1). */
const powerLimitObject = z.object({ power_limit: z.string().regex(/^\d+$/) });

/**
 * The device objects a gateway publishes at `up{path}` besides node objects and `/mgr/nodes`
 * (docs/device-protocol.md "Topics"), each in the shape the app reads at that realtime path
 * (docs/wire-contract.md §5, §7). Unknown keys are kept.
 */
const DEVICE_OBJECTS: Record<string, z.ZodType> = {
  '/mgr/away_status': awayStatusSchema,
  '/mgr/discovery': z.object({
    discovery: z.enum(['on', 'off']),
    type: z.string().optional(),
    addr: z.number().int().min(0).optional(),
  }),
  '/mgr/rtc/time': z.object({
    y: z.number().int(),
    n: z.number().int(),
    d: z.number().int(),
    h: z.number().int(),
    m: z.number().int(),
    s: z.number().int(),
    w: z.number().int().optional(),
  }),
  '/geo_data': z.record(z.string(), z.unknown()),
  '/htr_system/power_limit': powerLimitObject,
  '/pmo_system': pmoSystemSchema,
};
const METER_OBJECTS: Record<string, z.ZodType> = {
  power_limit: powerLimitObject,
  power: z.object({ power: decimalString }),
};
const METER_OBJECT_PATH = /^\/pmo\/\d+\/(power_limit|power)$/;

/**
 * The schema of a device object a gateway may publish at `up{path}`; undefined for a path
 * that is not one (node objects and `/mgr/nodes` have schemas of their own in wire.ts).
 */
export function gatewayDeviceObjectSchema(path: string): z.ZodType | undefined {
  const meter = METER_OBJECT_PATH.exec(path);
  if (meter) return METER_OBJECTS[meter[1] ?? ''];
  return Object.hasOwn(DEVICE_OBJECTS, path) ? DEVICE_OBJECTS[path] : undefined;
}
