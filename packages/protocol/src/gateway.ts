import { z } from 'zod';

/**
 * The gateway channel over MQTT (API.md §8; full description in docs/device-protocol.md).
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
