import { errors } from '../errors';
import type { AccessService } from '../devices/access.service';
import type { Role } from '../repositories/homes.repository';
import type { HomesAdminRepository } from './homes-admin.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** docs/wire-contract.md §6 for homes: strangers get 404, guests 403 on owner-only actions. */
export function createHomeAccess(homes: HomesAdminRepository, access: AccessService) {
  return {
    async home(userId: string, groupId: string, need: Role | 'any' = 'any') {
      const found = UUID.test(groupId) ? await homes.roleOfHome(userId, groupId) : undefined;
      if (!found) throw errors.missing('home');
      if (need === 'owner' && found.role !== 'owner')
        throw errors.forbidden('Only the home owner may do this');
      return found;
    },
    async ownedDev(userId: string, devId: string) {
      const found = await access.findDevAccess(userId, devId);
      if (!found?.dev.groupId) throw errors.missing('dev');
      if (found.role !== 'owner') throw errors.forbidden('Only the home owner may do this');
      return { dev: found.dev, groupId: found.dev.groupId };
    },
  };
}
export type HomeAccess = ReturnType<typeof createHomeAccess>;
