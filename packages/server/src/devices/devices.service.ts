import type { Dev, DevData, GroupedHome, MgrNode } from '@hearth/protocol';
import type { DevicesRepository, DevRow } from '../repositories/devices.repository';
import type { HomesRepository } from '../repositories/homes.repository';
import type { NodesRepository } from '../repositories/nodes.repository';
import { storedObjectSchema, storedOr, type StoredShapeLog } from '../stored-shape';
import { presentDev, presentDevData, presentMgrNode } from './devices.presenter';

export interface DevicesServiceDeps {
  homes: HomesRepository;
  devices: DevicesRepository;
  nodes: NodesRepository;
  /** Told of stored objects that are not in their documented shape. */
  log?: StoredShapeLog;
}

export function createDevicesService({ homes, devices, nodes, log }: DevicesServiceDeps) {
  async function visible(userId: string) {
    const groups = await homes.listVisible(userId);
    const rows = await homes.listDevs(groups.map((g) => g.id));
    return { groups, rows };
  }

  return {
    async listDevs(userId: string): Promise<{ devs: Dev[]; invited_to: Dev[] }> {
      const { groups, rows } = await visible(userId);
      const owned = new Set(groups.filter((g) => g.role === 'owner').map((g) => g.id));
      return {
        devs: rows.filter((d) => d.groupId && owned.has(d.groupId)).map(presentDev),
        invited_to: rows.filter((d) => !d.groupId || !owned.has(d.groupId)).map(presentDev),
      };
    },

    async groupedDevs(userId: string): Promise<GroupedHome[]> {
      const { groups, rows } = await visible(userId);
      return groups.map((g) => ({
        id: g.id,
        name: g.name,
        owner: g.role === 'owner',
        devs: rows.filter((d) => d.groupId === g.id).map(presentDev),
      }));
    },

    async devData(dev: DevRow): Promise<DevData> {
      const [state, nodeRows, home] = await Promise.all([
        devices.listState(dev.devId),
        nodes.list(dev.devId),
        dev.groupId ? homes.findById(dev.groupId) : undefined,
      ]);
      // Re-read the row: `connected` may have changed since the caller's access check.
      const fresh = (await devices.find(dev.devId)) ?? dev;
      const geo = storedOr(
        storedObjectSchema,
        home?.geoData,
        {},
        `home ${dev.groupId} geo_data`,
        log,
      );
      return presentDevData(fresh, state, nodeRows, geo, log);
    },

    async connected(devId: string): Promise<{ connected: boolean }> {
      const dev = await devices.find(devId);
      return { connected: dev?.connected ?? false };
    },

    async mgrNodes(devId: string): Promise<{ nodes: MgrNode[] }> {
      return { nodes: (await nodes.list(devId)).map(presentMgrNode) };
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
