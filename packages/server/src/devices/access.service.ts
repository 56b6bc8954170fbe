import { isValidDevId, parseNodeType } from '@hearth/protocol';
import { errors } from '../errors';
import type { DevicesRepository, DevRow } from '../repositories/devices.repository';
import type { Role } from '../repositories/homes.repository';
import type { NodeRow } from '../repositories/nodes.repository';

export interface DevAccess {
  dev: DevRow;
  role: Role;
}

/**
 * docs/wire-contract.md §6: owners and accepted guests see a device; for anyone else it does not exist. The
 * messages are spec 3 §8's missing lookups ("Dev not found", "Node not found").
 */
export function createAccessService(devices: DevicesRepository) {
  return {
    async findDevAccess(userId: string, devId: string): Promise<DevAccess | undefined> {
      if (!isValidDevId(devId)) return undefined;
      return devices.roleOf(userId, devId);
    },
    async requireDev(userId: string, devId: string): Promise<DevAccess> {
      const access = isValidDevId(devId) ? await devices.roleOf(userId, devId) : undefined;
      if (!access) throw errors.missing('dev');
      return access;
    },
    /** `requireDev` and the node it names, looked up together; 404 for either unknown. */
    async requireNode(
      userId: string,
      devId: string,
      typeParam: string,
      addr: number,
    ): Promise<DevAccess & { node: NodeRow }> {
      const type = parseNodeType(typeParam);
      const found = isValidDevId(devId)
        ? await devices.roleAndNode(userId, devId, type ?? '', addr)
        : undefined;
      if (!found) throw errors.missing('dev');
      if (!type || !found.node) throw errors.missing('node');
      return { dev: found.dev, role: found.role, node: found.node };
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
