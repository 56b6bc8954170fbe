import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { commands, devState, devs, groups, guests, nodes, quietHome, samples } from '../db/schema';

/** Failed commands older than this are history, not a recent error. */
export const RECENT_FAILURE_WINDOW_MS = 7 * 24 * 3600 * 1000;
/** Recent failures listed per gateway, newest first. */
export const RECENT_FAILURES_LISTED = 20;
/** Pending commands listed per gateway, oldest first (the count is always whole). */
export const PENDING_COMMANDS_LISTED = 50;

/** What a home's diagnostics read, in a few queries that touch only that home's rows. */
export function createDiagnosticsRepository(db: Db) {
  return {
    async home(groupId: string) {
      const [home] = await db.select().from(groups).where(eq(groups.id, groupId));
      if (!home) return undefined;
      const guestRows = await db
        .select({ pending: guests.pending, n: count() })
        .from(guests)
        .where(eq(guests.groupId, groupId))
        .groupBy(guests.pending);
      const [quiet] = await db
        .select({ enabled: quietHome.enabled, excluded: quietHome.excludedNodes })
        .from(quietHome)
        .where(eq(quietHome.groupId, groupId));
      return { home, guestRows, quiet };
    },
    async gateways(groupId: string) {
      return db
        .select()
        .from(devs)
        .where(eq(devs.groupId, groupId))
        .orderBy(asc(devs.createdAt), asc(devs.devId));
    },
    async objects(devIds: string[]) {
      if (devIds.length === 0) return [];
      return db
        .select()
        .from(devState)
        .where(inArray(devState.devId, devIds))
        .orderBy(asc(devState.devId), asc(devState.path));
    },
    /** Every node with the time of its last sample (one index lookup per node). */
    async nodes(devIds: string[]) {
      if (devIds.length === 0) return [];
      // Qualified by hand: drizzle names a column of the outer table without its table here.
      const lastSample = sql<number | null>`(select max(s.t) from ${samples} s
        where s.dev_id = "nodes"."dev_id" and s.type = "nodes"."type" and s.addr = "nodes"."addr")`.mapWith(
        Number,
      );
      return db
        .select({ node: nodes, lastSample })
        .from(nodes)
        .where(inArray(nodes.devId, devIds))
        .orderBy(asc(nodes.devId), asc(nodes.type), asc(nodes.addr));
    },
    /** A gateway's pending commands: how many, and the oldest ones. */
    async pendingCommands(devId: string) {
      const pending = and(eq(commands.devId, devId), eq(commands.status, 'pending'));
      const [counted] = await db.select({ n: count() }).from(commands).where(pending);
      const rows = await db
        .select()
        .from(commands)
        .where(pending)
        .orderBy(asc(commands.seq))
        .limit(PENDING_COMMANDS_LISTED);
      return { rows, count: counted?.n ?? 0 };
    },
    /** A gateway's commands it refused since `since`, newest first. */
    async recentFailures(devId: string, since: Date) {
      return db
        .select()
        .from(commands)
        .where(
          and(
            eq(commands.devId, devId),
            eq(commands.status, 'failed'),
            gte(commands.createdAt, since),
          ),
        )
        .orderBy(desc(commands.seq))
        .limit(RECENT_FAILURES_LISTED);
    },
  };
}
export type DiagnosticsRepository = ReturnType<typeof createDiagnosticsRepository>;
