import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { devState, devs, groups, guests, memberRoles, nodes } from '../db/schema';
import { memberActive } from '../sharing/member-window';
import type { Role } from './homes.repository';

export type DevRow = typeof devs.$inferSelect;
type NodeRow = typeof nodes.$inferSelect;

export function createDevicesRepository(db: Db) {
  // Every node read and write asks this: prepared once per connection (db/named-statement.ts).
  const roleAndNodeQuery = db
    .select({
      dev: devs,
      ownerId: groups.ownerId,
      geoData: groups.geoData,
      guestPending: guests.pending,
      memberRole: memberRoles.role,
      scope: memberRoles.scope,
      node: nodes,
    })
    .from(devs)
    .innerJoin(groups, eq(devs.groupId, groups.id))
    .leftJoin(
      guests,
      and(eq(guests.groupId, groups.id), eq(guests.userId, sql.placeholder('userId'))),
    )
    .leftJoin(memberRoles, eq(memberRoles.guestId, guests.id))
    .leftJoin(
      nodes,
      and(
        eq(nodes.devId, devs.devId),
        eq(nodes.type, sql.placeholder('type')),
        eq(nodes.addr, sql.placeholder('addr')),
      ),
    )
    .where(eq(devs.devId, sql.placeholder('devId')))
    .prepare('role_and_node');
  return {
    async find(devId: string): Promise<DevRow | undefined> {
      const [row] = await db.select().from(devs).where(eq(devs.devId, devId));
      return row;
    },
    /** The user's role on the home that holds the device, or undefined when they may not see it. */
    async roleOf(userId: string, devId: string): Promise<{ dev: DevRow; role: Role } | undefined> {
      const [row] = await db
        .select({
          dev: devs,
          ownerId: groups.ownerId,
          geoData: groups.geoData,
          guestPending: guests.pending,
          memberRole: memberRoles.role,
          scope: memberRoles.scope,
        })
        .from(devs)
        .innerJoin(groups, eq(devs.groupId, groups.id))
        .leftJoin(guests, and(eq(guests.groupId, groups.id), eq(guests.userId, userId)))
        .leftJoin(memberRoles, eq(memberRoles.guestId, guests.id))
        .where(eq(devs.devId, devId));
      if (!row) return undefined;
      if (row.ownerId === userId) return { dev: row.dev, role: 'owner' };
      // A guest outside their validity window sees the home as a stranger does (docs/sharing.md).
      if (row.guestPending === false && memberActive(row.memberRole, row.scope, row.geoData))
        return { dev: row.dev, role: 'guest' };
      return undefined;
    },
    /**
     * `roleOf` and the node in the same query (one round trip on the write path); `node` is
     * undefined when the device has no such node.
     */
    async roleAndNode(
      userId: string,
      devId: string,
      type: string,
      addr: number,
    ): Promise<{ dev: DevRow; role: Role; node: NodeRow | undefined } | undefined> {
      const [row] = await roleAndNodeQuery.execute({ userId, devId, type, addr });
      if (!row) return undefined;
      const node = row.node ?? undefined;
      if (row.ownerId === userId) return { dev: row.dev, role: 'owner', node };
      if (row.guestPending === false && memberActive(row.memberRole, row.scope, row.geoData))
        return { dev: row.dev, role: 'guest', node };
      return undefined;
    },
    async create(input: typeof devs.$inferInsert): Promise<void> {
      await db.insert(devs).values(input).onConflictDoNothing();
    },
    /** One statement whether or not it exists; true when this call created it. */
    async createIfMissing(input: typeof devs.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(devs)
        .values(input)
        .onConflictDoNothing()
        .returning({ devId: devs.devId });
      return rows.length > 0;
    },
    /** Puts a device into a home, whether it was unclaimed or already known. */
    async claim(
      devId: string,
      groupId: string,
      fields: { name: string; productId: string; serialId: string },
    ) {
      await db
        .insert(devs)
        .values({ devId, groupId, ...fields })
        .onConflictDoUpdate({ target: devs.devId, set: { groupId, ...fields } });
    },
    /** A connection or its end; a connection may say which firmware the gateway runs. */
    async setConnected(devId: string, connected: boolean, fwVersion?: string): Promise<void> {
      await db
        .update(devs)
        .set({ connected, lastSeen: new Date(), ...(fwVersion === undefined ? {} : { fwVersion }) })
        .where(eq(devs.devId, devId));
    },
    async touch(devId: string): Promise<void> {
      await db.update(devs).set({ lastSeen: new Date() }).where(eq(devs.devId, devId));
    },
    /** Used at start with the embedded broker: no gateway can be connected to a broker that just started. */
    async markAllDisconnected(): Promise<void> {
      await db.update(devs).set({ connected: false }).where(eq(devs.connected, true));
    },
    async listState(devId: string): Promise<Map<string, unknown>> {
      const rows = await db.select().from(devState).where(eq(devState.devId, devId));
      return new Map(rows.map((r) => [r.path, r.body]));
    },
    async getState(devId: string, path: string): Promise<unknown> {
      const [row] = await db
        .select()
        .from(devState)
        .where(and(eq(devState.devId, devId), eq(devState.path, path)));
      return row?.body;
    },
    /** The object at a path with the time it was stored (the device clock advances from it). */
    async getStateEntry(
      devId: string,
      path: string,
    ): Promise<{ body: unknown; updatedAt: Date } | undefined> {
      const [row] = await db
        .select({ body: devState.body, updatedAt: devState.updatedAt })
        .from(devState)
        .where(and(eq(devState.devId, devId), eq(devState.path, path)));
      return row;
    },
    /**
     * Stores objects of many devices in one statement (the ingest batch: one message per
     * gateway, so no (device, path) twice), in key order so concurrent batches never deadlock.
     */
    async putStates(writes: { devId: string; path: string; body: unknown }[]): Promise<void> {
      if (writes.length === 0) return;
      const rows = writes.map((w) => ({ dev_id: w.devId, path: w.path, body: w.body }));
      await db.execute(sql`
        INSERT INTO dev_state (dev_id, path, body, updated_at)
        SELECT u.dev_id, u.path, u.body, now()
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS u(dev_id text, path text, body jsonb)
        ORDER BY u.dev_id, u.path
        ON CONFLICT (dev_id, path) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at`);
    },
    async putState(devId: string, path: string, body: unknown): Promise<void> {
      await db
        .insert(devState)
        .values({ devId, path, body })
        .onConflictDoUpdate({
          target: [devState.devId, devState.path],
          set: { body, updatedAt: new Date() },
        });
    },
  };
}
export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
