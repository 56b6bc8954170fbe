import { z } from 'zod';
import { nodeReportSchemaFor } from './node-settings';
import type { NodeType } from './node-types';
import {
  awayStatusSchema,
  decimalString,
  mgrNodeSchema,
  pmoSystemSchema,
  progSchema,
} from './wire';

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

/**
 * A gateway's announcement: connected or not, and on connecting the version of its firmware
 * (the `fw_version` of the device lists, docs/wire-contract.md §3); the last will says only
 * `{"connected":false}`.
 */
export const connectedPayloadSchema = z.object({
  connected: z.boolean(),
  fw_version: z.string().min(1).max(32).optional(),
});

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

/*
 * What a gateway publishes at `up{path}` is read in the shape the app reads at that realtime
 * path (docs/wire-contract.md §5, §7): unknown keys are dropped at every depth, texts and lists
 * are bounded, and a known key of the wrong type fails the whole report.
 */

/** A text of a report (a name, a version, a place), bounded. */
const reportText = (max = 64) => z.string().max(max);

/** A power limit as the wire carries it: a string of whole watts, "0" for none (docs/wire-contract.md §1). */
const powerLimitObject = z.object({ power_limit: z.string().max(7).regex(/^\d+$/) });

/** `/mgr/nodes`: the gateway's whole node list. */
export const mgrNodesReportSchema = z.object({
  nodes: z.array(mgrNodeSchema.extend({ name: reportText() })).max(256),
});

/** A node's `/version`: any of its four texts. */
const nodeVersionReport = z
  .object({
    hw_version: reportText(),
    fw_version: reportText(),
    uid: reportText(),
    pid: reportText(),
  })
  .partial();

/**
 * The schema of a node object a gateway reports at `/{type}/{addr}/{part}`: a status or setup
 * by its node type's entries (node-settings/), which may be partial; a programme whole.
 */
export function nodeObjectReportSchema(
  type: NodeType,
  part: 'status' | 'setup' | 'prog' | 'version',
): z.ZodType<Record<string, unknown>> {
  if (part === 'prog') return z.object({ prog: progSchema });
  if (part === 'version') return nodeVersionReport;
  return nodeReportSchemaFor(type, part);
}

const position = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
/** The home's geo data the gateway runs on, echoed back (see GEO_DATA_PATH). */
const geoDataReport = z
  .object({
    country: reportText(8),
    state: reportText(),
    city: reportText(),
    zip: reportText(16),
    tz_code: reportText(),
    coarsePosition: position,
    position,
    outdoor_range: z.number(),
  })
  .partial();

/**
 * The device objects a gateway publishes at `up{path}` besides node objects and `/mgr/nodes`
 * (docs/device-protocol.md "Topics").
 */
const DEVICE_OBJECTS: Record<string, z.ZodType<Record<string, unknown>>> = {
  '/mgr/away_status': awayStatusSchema,
  '/mgr/discovery': z.object({
    discovery: z.enum(['on', 'off']),
    type: reportText(8).optional(),
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
  '/geo_data': geoDataReport,
  '/htr_system/power_limit': powerLimitObject,
  '/pmo_system': pmoSystemSchema,
};
const METER_OBJECTS: Record<string, z.ZodType<Record<string, unknown>>> = {
  power_limit: powerLimitObject,
  power: z.object({ power: decimalString }),
};
const METER_OBJECT_PATH = /^\/pmo\/\d+\/(power_limit|power)$/;

/**
 * The schema of a device object a gateway may publish at `up{path}`; undefined for a path
 * that is not one (node objects and `/mgr/nodes` have schemas of their own, above).
 */
export function gatewayDeviceObjectSchema(
  path: string,
): z.ZodType<Record<string, unknown>> | undefined {
  const meter = METER_OBJECT_PATH.exec(path);
  if (meter) return METER_OBJECTS[meter[1] ?? ''];
  return Object.hasOwn(DEVICE_OBJECTS, path) ? DEVICE_OBJECTS[path] : undefined;
}
