import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devState, devs, groups, guests, memberRoles, quietHome, samples } from '../db/schema';
import { memberActive } from '../sharing/member-window';
import type { GroupRow, Role } from '../repositories/homes.repository';

export type QuietHomeRow = typeof quietHome.$inferSelect;

/** Writes to homes and to which home a device belongs (spec 2 §4 registration, delete, transfer). */
export function createHomesAdminRepository(db: Db) {
  return {
    /** The user's role on a home, or undefined when they may not see it (docs/wire-contract.md §6). */
    async roleOfHome(
      userId: string,
      groupId: string,
    ): Promise<{ home: GroupRow; role: Role } | undefined> {
      const [row] = await db
        .select({
          home: groups,
          guestPending: guests.pending,
          memberRole: memberRoles.role,
          scope: memberRoles.scope,
        })
        .from(groups)
        .leftJoin(guests, and(eq(guests.groupId, groups.id), eq(guests.userId, userId)))
        .leftJoin(memberRoles, eq(memberRoles.guestId, guests.id))
        .where(eq(groups.id, groupId));
      if (!row) return undefined;
      if (row.home.ownerId === userId) return { home: row.home, role: 'owner' };
      if (row.guestPending === false && memberActive(row.memberRole, row.scope, row.home.geoData))
        return { home: row.home, role: 'guest' };
      return undefined;
    },
    async findHome(groupId: string): Promise<GroupRow | undefined> {
      const [row] = await db.select().from(groups).where(eq(groups.id, groupId));
      return row;
    },
    async createHome(input: {
      id: string;
      ownerId: string;
      name: string;
      geoData: Record<string, unknown>;
    }): Promise<GroupRow> {
      const [row] = await db.insert(groups).values(input).returning();
      if (!row) throw new Error('insert into groups returned nothing');
      return row;
    },
    async updateHome(
      groupId: string,
      set: Partial<Pick<GroupRow, 'name' | 'geoData' | 'extraData'>>,
    ): Promise<void> {
      await db.update(groups).set(set).where(eq(groups.id, groupId));
    },
    /** A home holds devices; once its last one leaves, it goes too (with its guests). */
    async deleteIfEmpty(groupId: string): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(devs).where(eq(devs.groupId, groupId));
      if ((row?.n ?? 0) > 0) return false;
      await db.delete(groups).where(eq(groups.id, groupId));
      return true;
    },
    async devIdsOf(groupId: string): Promise<string[]> {
      const rows = await db
        .select({ devId: devs.devId })
        .from(devs)
        .where(eq(devs.groupId, groupId))
        .orderBy(devs.createdAt, devs.devId);
      return rows.map((r) => r.devId);
    },
    async moveDev(devId: string, groupId: string): Promise<void> {
      await db.update(devs).set({ groupId }).where(eq(devs.devId, devId));
    },
    async renameDev(devId: string, name: string): Promise<void> {
      await db.update(devs).set({ name }).where(eq(devs.devId, devId));
    },
    /**
     * Puts an unclaimed or new device into a home; false when someone claimed it meanwhile,
     * so two accounts adding one gateway at once cannot both win.
     */
    async claimFree(
      devId: string,
      groupId: string,
      fields: { name: string; productId: string; serialId: string },
    ): Promise<boolean> {
      const rows = await db
        .insert(devs)
        .values({ devId, groupId, ...fields })
        .onConflictDoUpdate({
          target: devs.devId,
          set: { groupId, ...fields },
          setWhere: isNull(devs.groupId),
        })
        .returning({ devId: devs.devId });
      return rows.length === 1;
    },
    /**
     * Back to unclaimed: the gateway may keep connecting, and anyone may add it again. Its
     * history and the home's geo data belonged to the old home, so they go.
     */
    async releaseDev(devId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(devs).set({ groupId: null, name: devId }).where(eq(devs.devId, devId));
        await tx.delete(samples).where(eq(samples.devId, devId));
        await tx
          .delete(devState)
          .where(and(eq(devState.devId, devId), eq(devState.path, '/geo_data')));
      });
    },
    async findQuietHome(groupId: string): Promise<QuietHomeRow | undefined> {
      const [row] = await db.select().from(quietHome).where(eq(quietHome.groupId, groupId));
      return row;
    },
    async putQuietHome(input: Omit<QuietHomeRow, 'updatedAt'>): Promise<void> {
      const { groupId: _key, ...rest } = input;
      await db
        .insert(quietHome)
        .values(input)
        .onConflictDoUpdate({ target: quietHome.groupId, set: { ...rest, updatedAt: new Date() } });
    },
    /**
     * Drops a node's address, or without one the whole device, from the home's quiet-home
     * exclusions (a device left with no address loses its entry), read and written under the
     * row's lock so a concurrent save is not lost. Returns whether the exclusions changed.
     */
    async removeExcluded(groupId: string, devId: string, addr?: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ excludedNodes: quietHome.excludedNodes })
          .from(quietHome)
          .where(eq(quietHome.groupId, groupId))
          .for('update');
        if (!row) return false;
        const ofDev = (devid: string) => devid.toLowerCase() === devId.toLowerCase();
        const excluded = (n: number) => addr === undefined || n === addr;
        if (!row.excludedNodes.some((e) => ofDev(e.devid) && e.nodes.some(excluded))) return false;
        const excludedNodes = row.excludedNodes
          .map((e) => (ofDev(e.devid) ? { ...e, nodes: e.nodes.filter((n) => !excluded(n)) } : e))
          .filter((e) => e.nodes.length > 0);
        await tx
          .update(quietHome)
          .set({ excludedNodes, updatedAt: new Date() })
          .where(eq(quietHome.groupId, groupId));
        return true;
      });
    },
  };
}
export type HomesAdminRepository = ReturnType<typeof createHomesAdminRepository>;
