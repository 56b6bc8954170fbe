import { z } from 'zod';
import { errors } from '../errors';
import type { Mailer } from '../mail';
import type { UsersRepository } from '../repositories/users.repository';
import type { HomeAccess } from './home-access';
import type { HomesAdminRepository } from './homes-admin.repository';
import type { HourlyLimit } from '../limits';
import { storedOr, type StoredShapeLog } from '../stored-shape';

export interface QuietHomeConfig {
  email: string;
  enabled: boolean;
  excluded_nodes: Array<{ devid: string; nodes: number[] }>;
}

const excludedNodesSchema = z.array(z.object({ devid: z.string(), nodes: z.array(z.number()) }));

const tooMany = () =>
  errors.tooManyChanges('Too many quiet-home changes for this home in the last hour');

/** Spec 2 §4 quiet-home notifications: per home e-mail, flag and excluded nodes. */
export function createQuietHomeService(deps: {
  homes: HomesAdminRepository;
  users: UsersRepository;
  access: HomeAccess;
  mailer: Pick<Mailer, 'send'>;
  limit: HourlyLimit;
  /** Told of stored settings that are not in their documented shape. */
  log?: StoredShapeLog;
}) {
  const { homes, users, access, mailer, limit } = deps;

  async function current(groupId: string, ownerId: string): Promise<QuietHomeConfig> {
    const row = await homes.findQuietHome(groupId);
    if (row) {
      const where = `home ${groupId} quiet-home excluded nodes`;
      const excluded = storedOr(excludedNodesSchema, row.excludedNodes, [], where, deps.log);
      return { email: row.email, enabled: row.enabled, excluded_nodes: excluded };
    }
    // Not configured yet: off, and the owner's address proposed.
    const owner = await users.findById(ownerId);
    return { email: owner?.email ?? '', enabled: false, excluded_nodes: [] };
  }

  return {
    async get(userId: string, groupId: string): Promise<QuietHomeConfig> {
      const { home, role } = await access.home(userId, groupId);
      const config = await current(groupId, home.ownerId);
      // The address the notices go to is the owner's business: someone the home is shared
      // with sees whether they are on, not where they go (nor the owner's own address).
      return role === 'owner' ? config : { ...config, email: '' };
    },

    async set(userId: string, groupId: string, body: QuietHomeConfig): Promise<QuietHomeConfig> {
      await access.home(userId, groupId, 'owner');
      const devIds = new Set(await homes.devIdsOf(groupId));
      const foreign = body.excluded_nodes.find(
        (e) => !devIds.has(e.devid.toLowerCase()) && !devIds.has(e.devid),
      );
      if (foreign)
        throw errors.validation(
          `excluded_nodes names ${foreign.devid}, which is not a device of this home`,
        );
      if (!(await limit.take(groupId))) throw tooMany();
      const config = {
        email: body.email,
        enabled: body.enabled,
        excluded_nodes: body.excluded_nodes.map((e) => ({
          devid: e.devid,
          nodes: [...new Set(e.nodes)],
        })),
      };
      await homes.putQuietHome({
        groupId,
        email: config.email,
        enabled: config.enabled,
        excludedNodes: config.excluded_nodes,
      });
      return config;
    },

    /**
     * Spec 2 §4: the settings are saved when a node is deleted. An erased node's address
     * leaves the exclusions, so a replacement installed at that address is not excluded
     * unless the owner says so. Not a user's save: the hourly limit does not count it.
     */
    async forgetNode(groupId: string, devId: string, addr: number): Promise<void> {
      await homes.removeExcluded(groupId, devId, addr);
    },

    async test(userId: string, groupId: string): Promise<{ email: string }> {
      const { home } = await access.home(userId, groupId, 'owner');
      const config = await current(groupId, home.ownerId);
      if (!config.email) throw errors.validation('no e-mail address to send the test to');
      if (!(await limit.take(groupId))) throw tooMany();
      await mailer.send({
        to: config.email,
        subject: `Hearth: quiet-home test for ${home.name}`,
        text:
          `This is a test of the quiet-home notifications of "${home.name}".\n` +
          `When quiet-home is on, Hearth writes to this address if the home stays quiet.\n`,
      });
      return { email: config.email };
    },
  };
}
export type QuietHomeService = ReturnType<typeof createQuietHomeService>;
