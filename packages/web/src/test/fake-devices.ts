import type { DevData, GroupedHome, MgrNode, NodeStatus, SnapshotNode } from '@hearth/protocol';
import type { DeviceConnection, DeviceSocketOptions } from '../lib/socket/device-socket';

export function mgrNode(name: string, addr: number, type: MgrNode['type'] = 'htr'): MgrNode {
  return { name, addr, type, installed: true, lost: false };
}

export function liveNode(
  name: string,
  addr: number,
  status: NodeStatus,
  extra: Partial<SnapshotNode> = {},
): SnapshotNode {
  return { ...mgrNode(name, addr), status, ...extra };
}

export function devData(nodes: SnapshotNode[], patch: Partial<DevData> = {}): DevData {
  return {
    connected: true,
    away_status: { enabled: false, away: false, forced: false },
    geo_data: {},
    discovery: { discovery: 'off' },
    htr_system: { setup: { power_limit: '0' } },
    pmo_system: { main_circuit_pmos: [], max_power_config: { profiles: [], slots: [] } },
    nodes,
    ...patch,
  };
}

export function home(id: string, name: string, devIds: string[], owner = true): GroupedHome {
  return {
    id,
    name,
    owner,
    devs: devIds.map((dev_id, i) => ({
      dev_id,
      name: `Gateway ${i + 1}`,
      product_id: '0104',
      fw_version: '1',
      serial_id: '15',
    })),
  };
}

/** Stands in for the socket.io connection: the test plays the server's side. */
export function fakeSockets() {
  const open = new Map<string, DeviceSocketOptions>();
  const connect = (options: DeviceSocketOptions): DeviceConnection => {
    open.set(options.devId, options);
    options.onStatus('connecting');
    return { close: () => open.delete(options.devId), resume: () => undefined };
  };
  const device = (devId: string) => {
    const options = open.get(devId);
    if (!options) throw new Error(`no socket for ${devId}`);
    return options;
  };
  /** Connects the device and hands it a snapshot, as the server does on connect. */
  const seed = (devId: string, snapshot: DevData) => {
    device(devId).onStatus('connected');
    device(devId).onDevData(snapshot);
  };
  return { connect, open, device, seed };
}
