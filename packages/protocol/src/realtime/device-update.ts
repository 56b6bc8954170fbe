import { z } from 'zod';
import type { NodeType } from '../node-types';
import {
  awayStatusSchema,
  mgrNodeSchema,
  nodeSetupSchema,
  nodeStatusSchema,
  nodeVersionSchema,
  pmoSystemSchema,
  type DevData,
} from '../wire';
import { parseDevicePath, type DevicePathKind, type NodePart } from './device-paths';
import { updateEventSchema } from './events';

const record = z.record(z.string(), z.unknown());

/** `/connected` carries `{connected}`; a bare boolean is read the same. */
const connectedBody = z
  .union([z.boolean(), z.object({ connected: z.boolean() })])
  .transform((body) => (typeof body === 'boolean' ? body : body.connected));

/** `/mgr/nodes` carries `{nodes}`; a bare list is read the same. */
const mgrNodesBody = z
  .union([z.array(mgrNodeSchema), z.object({ nodes: z.array(mgrNodeSchema) })])
  .transform((body) => (Array.isArray(body) ? body : body.nodes));

const discoveryBody = z.object({
  discovery: z.enum(['on', 'off']),
  type: z.string().optional(),
  addr: z.number().optional(),
}) satisfies z.ZodType<DevData['discovery']>;

/** The body each path kind carries, read as the app reads it (wire.ts schemas). */
const BODIES = {
  connected: connectedBody,
  geo_data: record,
  pmo_system: pmoSystemSchema,
  mgr_nodes: mgrNodesBody,
  away_status: awayStatusSchema,
  discovery: discoveryBody,
  rtc_time: record,
  htr_power_limit: z.object({ power_limit: z.string() }),
  status: nodeStatusSchema,
  setup: nodeSetupSchema,
  prog: record,
  version: nodeVersionSchema,
  power: record,
  power_limit: record,
} satisfies Record<DevicePathKind | NodePart, z.ZodType>;

type BodyOf<K extends keyof typeof BODIES> = z.output<(typeof BODIES)[K]>;

/** An `update` read: its path kind, the node for a node part, and the body in its shape. */
export type DeviceUpdate =
  | { [K in DevicePathKind]: { kind: K; path: string; body: BodyOf<K> } }[DevicePathKind]
  | {
      [K in NodePart]: { kind: K; path: string; type: NodeType; addr: number; body: BodyOf<K> };
    }[NodePart];

/**
 * Reads an incoming `update {path, body}` into its kind; null for a path no update carries or
 * a body not in its path's shape. Never throws.
 */
export function readDeviceUpdate(event: unknown): DeviceUpdate | null {
  const outer = updateEventSchema.safeParse(event);
  if (!outer.success) return null;
  const where = parseDevicePath(outer.data.path);
  if (!where) return null;
  const body = BODIES[where.kind].safeParse(outer.data.body);
  if (!body.success) return null;
  return { ...where, path: outer.data.path, body: body.data } as DeviceUpdate;
}
