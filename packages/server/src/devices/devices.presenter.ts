import type { AwayStatus, Dev, DevData, MgrNode, PmoSystem, SnapshotNode } from '@hearth/protocol';
import { isNodeType } from '@hearth/protocol';
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

export function presentNode(row: NodeRow) {
  return {
    status: row.status ?? {},
    setup: row.setup ?? {},
    prog: row.prog ?? {},
    version: row.version ?? {},
  };
}

export function presentSnapshotNode(row: NodeRow): SnapshotNode {
  const node: SnapshotNode = presentMgrNode(row);
  if (row.status) node.status = row.status;
  if (row.setup) node.setup = row.setup;
  if (row.prog) node.prog = row.prog as SnapshotNode['prog'];
  if (row.version) node.version = row.version;
  return node;
}

const DEFAULT_AWAY: AwayStatus = { enabled: false, away: false, forced: false };
const DEFAULT_PMO_SYSTEM: PmoSystem = {
  main_circuit_pmos: [],
  max_power_config: { profiles: [], slots: [] },
};

function objectAt<T>(state: Map<string, unknown>, path: string, fallback: T): T {
  const value = state.get(path);
  return value !== null && typeof value === 'object' ? ({ ...fallback, ...value } as T) : fallback;
}

/** The realtime snapshot (API.md §7); device paths the gateway never reported get neutral defaults. */
export function presentDevData(
  dev: DevRow,
  state: Map<string, unknown>,
  nodes: NodeRow[],
  homeGeoData: Record<string, unknown>,
): DevData {
  const powerLimit = objectAt(state, '/htr_system/power_limit', { power_limit: '0' });
  return {
    connected: dev.connected,
    away_status: objectAt(state, '/mgr/away_status', DEFAULT_AWAY),
    geo_data: objectAt(state, '/geo_data', homeGeoData),
    discovery: objectAt(state, '/mgr/discovery', { discovery: 'off' as const }),
    htr_system: { setup: { power_limit: String(powerLimit.power_limit) } },
    pmo_system: objectAt(state, '/pmo_system', DEFAULT_PMO_SYSTEM),
    nodes: nodes.map(presentSnapshotNode),
  };
}
