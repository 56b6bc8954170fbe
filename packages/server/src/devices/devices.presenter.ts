import type { AwayStatus, Dev, DevData, MgrNode, PmoSystem, SnapshotNode } from '@hearth/protocol';
import {
  awayStatusSchema,
  formatPowerLimit,
  isNodeType,
  nodeSetupSchema,
  nodeStatusSchema,
  nodeVersionSchema,
  pmoSystemSchema,
  progSchema,
} from '@hearth/protocol';
import { z } from 'zod';
import type { NodePart } from '../repositories/nodes.repository';
import { storedObjectSchema, storedOptional, storedOr, type StoredShapeLog } from '../stored-shape';
import type { DevRow } from '../repositories/devices.repository';
import type { NodeRow } from '../repositories/nodes.repository';

export function presentDev(row: DevRow): Dev {
  return {
    dev_id: row.devId,
    name: row.name,
    product_id: row.productId,
    fw_version: row.fwVersion,
    serial_id: row.serialId,
  };
}

export function presentMgrNode(row: NodeRow): MgrNode {
  return {
    name: row.name,
    addr: row.addr,
    // Rows are written only from validated `/mgr/nodes` or node paths, so the type is known.
    type: isNodeType(row.type) ? row.type : 'htr',
    installed: row.installed,
    lost: row.lost,
  };
}

/** Each node part as the snapshot documents it (docs/wire-contract.md §7); the prog is `{prog: {...}}`. */
const NODE_PART_SCHEMAS: Record<NodePart, z.ZodType> = {
  status: nodeStatusSchema,
  setup: nodeSetupSchema,
  prog: z.object({ prog: progSchema }).catchall(z.unknown()),
  version: nodeVersionSchema,
};

function nodePart(row: NodeRow, part: NodePart, log?: StoredShapeLog) {
  const where = `node ${row.devId} ${row.type}/${row.addr} ${part}`;
  return storedOptional(NODE_PART_SCHEMAS[part], row[part], where, log) as
    Record<string, unknown> | undefined;
}

/** A node's parts; one never reported, or stored in another shape, is `{}`. */
export function presentNode(row: NodeRow, log?: StoredShapeLog) {
  return {
    status: nodePart(row, 'status', log) ?? {},
    setup: nodePart(row, 'setup', log) ?? {},
    prog: nodePart(row, 'prog', log) ?? {},
    version: nodePart(row, 'version', log) ?? {},
  };
}

/** A node of the snapshot: its list entry and its parts, `{}` for one not reported (ruling D17). */
export function presentSnapshotNode(row: NodeRow, log?: StoredShapeLog): SnapshotNode {
  return { ...presentMgrNode(row), ...presentNode(row, log) };
}

export const discoveryStateSchema = z.object({
  discovery: z.enum(['on', 'off']),
  type: z.string().optional(),
  addr: z.number().optional(),
});
export type DiscoveryState = z.infer<typeof discoveryStateSchema>;

const DEFAULT_AWAY: AwayStatus = { enabled: false, away: false, forced: false };
const DEFAULT_PMO_SYSTEM: PmoSystem = {
  main_circuit_pmos: [],
  max_power_config: { profiles: [], slots: [] },
};
const DEFAULT_DISCOVERY: DiscoveryState = { discovery: 'off' };

/** The device objects read at their realtime paths (docs/wire-contract.md §5), each with its default. */
export const DEVICE_OBJECTS = {
  '/mgr/away_status': { schema: awayStatusSchema, fallback: DEFAULT_AWAY },
  '/mgr/discovery': { schema: discoveryStateSchema, fallback: DEFAULT_DISCOVERY },
  '/pmo_system': { schema: pmoSystemSchema, fallback: DEFAULT_PMO_SYSTEM },
} as const;
type DeviceObjectPath = keyof typeof DEVICE_OBJECTS;
type DeviceObject<P extends DeviceObjectPath> = (typeof DEVICE_OBJECTS)[P]['fallback'];

/** The object stored at a device path, or its default when absent or in another shape. */
export function presentDeviceObject<P extends DeviceObjectPath>(
  devId: string,
  path: P,
  stored: unknown,
  log?: StoredShapeLog,
): DeviceObject<P> {
  const { schema, fallback } = DEVICE_OBJECTS[path];
  return storedOr<DeviceObject<P>>(
    schema as z.ZodType<DeviceObject<P>>,
    stored,
    fallback,
    `${devId} ${path}`,
    log,
  );
}

/** A stored `{power_limit}` as the wire's whole watts string, "0" (none) for anything else. */
export function presentPowerLimit(stored: unknown): { power_limit: string } {
  const raw =
    stored !== null && typeof stored === 'object' && !Array.isArray(stored)
      ? (stored as Record<string, unknown>).power_limit
      : undefined;
  const watts = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : 0;
  return { power_limit: formatPowerLimit(Number.isFinite(watts) ? watts : 0) };
}

/** The realtime snapshot (docs/wire-contract.md §7); device paths the gateway never reported get neutral defaults. */
export function presentDevData(
  dev: DevRow,
  state: Map<string, unknown>,
  nodes: NodeRow[],
  homeGeoData: Record<string, unknown>,
  log?: StoredShapeLog,
): DevData {
  const object = <P extends DeviceObjectPath>(path: P) =>
    presentDeviceObject(dev.devId, path, state.get(path), log);
  const geo = state.get('/geo_data');
  return {
    connected: dev.connected,
    away_status: object('/mgr/away_status'),
    geo_data: storedOr(storedObjectSchema, geo, homeGeoData, `${dev.devId} /geo_data`, log),
    discovery: object('/mgr/discovery'),
    htr_system: { setup: presentPowerLimit(state.get('/htr_system/power_limit')) },
    pmo_system: object('/pmo_system'),
    nodes: nodes.map((row) => presentSnapshotNode(row, log)),
  };
}
