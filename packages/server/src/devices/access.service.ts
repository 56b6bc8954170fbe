import { isValidDevId } from '@hearth/protocol';
import { notFound } from '../errors';
import type { DevicesRepository, DevRow } from '../repositories/devices.repository';
import type { Role } from '../repositories/homes.repository';

export interface DevAccess {
  dev: DevRow;
  role: Role;
}

/** API.md §6: owners and accepted guests see a device; for anyone else it does not exist. */
export function createAccessService(devices: DevicesRepository) {
  return {
    async findDevAccess(userId: string, devId: string): Promise<DevAccess | undefined> {
      if (!isValidDevId(devId)) return undefined;
      return devices.roleOf(userId, devId);
    },
    async requireDev(userId: string, devId: string): Promise<DevAccess> {
      const access = isValidDevId(devId) ? await devices.roleOf(userId, devId) : undefined;
      if (!access) throw notFound('Unknown device');
      return access;
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
