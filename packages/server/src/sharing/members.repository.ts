import type { GuestScope, HomeRole } from '@hearth/protocol';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devs, groups, guests, memberRoles, type MemberRole } from '../db/schema';
import { homeZoneOf } from './member-window';

/** A person's rights on one home, whether or not their window is open now. */
export interface Member {
  groupId: string;
  /** The guests row; undefined for the owner. */
  guestId: string | undefined;
  role: HomeRole;
  scope: GuestScope;
  timeZone: string;
}

/** Roles and scopes of the people a home is shared with (docs/sharing.md). */
export function createMembersRepository(db: Db) {
  const base = (userId: string) =>
    db
      .select({
        groupId: groups.id,
        ownerId: groups.ownerId,
        geoData: groups.geoData,
        guestId: guests.id,
        pending: guests.pending,
        role: memberRoles.role,
        scope: memberRoles.scope,
      })
      .from(groups)
      .leftJoin(guests, and(eq(guests.groupId, groups.id), eq(guests.userId, userId)))
      .leftJoin(memberRoles, eq(memberRoles.guestId, guests.id));
  type Row = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];
  const toMember = (userId: string, row: Row | undefined): Member | undefined => {
    if (!row) return undefined;
    const timeZone = homeZoneOf(row.geoData);
    if (row.ownerId === userId)
      return { groupId: row.groupId, guestId: undefined, role: 'owner', scope: {}, timeZone };
    if (!row.guestId || row.pending !== false) return undefined;
    const role: MemberRole = row.role ?? 'resident';
    return { groupId: row.groupId, guestId: row.guestId, role, scope: row.scope ?? {}, timeZone };
  };
  return {
    async ofHome(userId: string, groupId: string): Promise<Member | undefined> {
      const [row] = await base(userId).where(eq(groups.id, groupId));
      return toMember(userId, row);
    },
    async ofDev(userId: string, devId: string): Promise<Member | undefined> {
      const [row] = await base(userId)
        .innerJoin(devs, eq(devs.groupId, groups.id))
        .where(eq(devs.devId, devId));
      return toMember(userId, row);
    },
    /** Every invitation and member of the home with their rights, oldest first. */
    async list(groupId: string) {
      return db
        .select({
          guestId: guests.id,
          email: guests.email,
          userId: guests.userId,
          pending: guests.pending,
          role: memberRoles.role,
          scope: memberRoles.scope,
        })
        .from(guests)
        .leftJoin(memberRoles, eq(memberRoles.guestId, guests.id))
        .where(eq(guests.groupId, groupId))
        .orderBy(guests.createdAt, guests.email);
    },
    async setRights(guestId: string, role: MemberRole, scope: GuestScope): Promise<void> {
      await db
        .insert(memberRoles)
        .values({ guestId, role, scope })
        .onConflictDoUpdate({
          target: memberRoles.guestId,
          set: { role, scope, updatedAt: sql`now()` },
        });
    },
    /** An invitation by its id (the mailed link's `uid`), with the rights it carries. */
    async invitation(guestId: string) {
      const [row] = await db
        .select({
          groupId: guests.groupId,
          email: guests.email,
          userId: guests.userId,
          pending: guests.pending,
          role: memberRoles.role,
        })
        .from(guests)
        .leftJoin(memberRoles, eq(memberRoles.guestId, guests.id))
        .where(eq(guests.id, guestId));
      return row;
    },
    /** Devices of homes that have a guest: the ones whose sockets the sweep re-checks. */
    async devIdsWithGuests(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ devId: devs.devId })
        .from(memberRoles)
        .innerJoin(guests, eq(guests.id, memberRoles.guestId))
        .innerJoin(devs, eq(devs.groupId, guests.groupId))
        .where(eq(memberRoles.role, 'guest'));
      return rows.map((r) => r.devId);
    },
  };
}
export type MembersRepository = ReturnType<typeof createMembersRepository>;
