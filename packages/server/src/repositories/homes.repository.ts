import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devs, groups, guests, memberRoles } from '../db/schema';
import { memberActive } from '../sharing/member-window';

export type GroupRow = typeof groups.$inferSelect;
export type Role = 'owner' | 'guest';

export function createHomesRepository(db: Db) {
  return {
    async create(input: {
      ownerId: string;
      name: string;
      geoData: Record<string, unknown>;
    }): Promise<GroupRow> {
      const [row] = await db.insert(groups).values(input).returning();
      if (!row) throw new Error('insert into groups returned nothing');
      return row;
    },
    async findOwnedByName(ownerId: string, name: string): Promise<GroupRow | undefined> {
      const [row] = await db
        .select()
        .from(groups)
        .where(and(eq(groups.ownerId, ownerId), eq(groups.name, name)));
      return row;
    },
    /** Homes the user owns or is an accepted guest of, oldest first. */
    async listVisible(userId: string): Promise<Array<GroupRow & { role: Role }>> {
      const owned = await db
        .select()
        .from(groups)
        .where(eq(groups.ownerId, userId))
        .orderBy(groups.createdAt);
      const invited = await db
        .select({ group: groups, memberRole: memberRoles.role, scope: memberRoles.scope })
        .from(guests)
        .innerJoin(groups, eq(guests.groupId, groups.id))
        .leftJoin(memberRoles, eq(memberRoles.guestId, guests.id))
        .where(and(eq(guests.userId, userId), eq(guests.pending, false), isNotNull(guests.userId)))
        .orderBy(groups.createdAt);
      return [
        ...owned.map((g) => ({ ...g, role: 'owner' as const })),
        // A guest outside their validity window does not see the home (docs/sharing.md).
        ...invited
          .filter((r) => memberActive(r.memberRole, r.scope, r.group.geoData))
          .map((r) => ({ ...r.group, role: 'guest' as const })),
      ];
    },
    async findById(id: string): Promise<GroupRow | undefined> {
      const [row] = await db.select().from(groups).where(eq(groups.id, id));
      return row;
    },
    async listDevs(groupIds: string[]) {
      if (groupIds.length === 0) return [];
      return db
        .select()
        .from(devs)
        .where(inArray(devs.groupId, groupIds))
        .orderBy(devs.createdAt, devs.devId);
    },
    async addGuest(input: {
      groupId: string;
      email: string;
      userId: string;
      pending: boolean;
    }): Promise<void> {
      await db.insert(guests).values(input);
    },
  };
}
export type HomesRepository = ReturnType<typeof createHomesRepository>;
