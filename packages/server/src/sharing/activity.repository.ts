import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { activityLog, refreshTokens } from '../db/schema';

export type ActivityRow = typeof activityLog.$inferSelect;
export type ActivityInput = typeof activityLog.$inferInsert;

/** How long the activity log keeps an entry (docs/sharing.md "Activity log"). */
export const ACTIVITY_KEEP_DAYS = 90;
/** Entries per page of the list, at most. */
export const ACTIVITY_PAGE_MAX = 200;

/** Who changed what in a home (docs/sharing.md "Activity log"). */
export function createActivityRepository(db: Db) {
  return {
    async add(entry: ActivityInput): Promise<void> {
      await db.insert(activityLog).values(entry);
    },
    /** Newest first; `before` is the id of the last entry of the page before. */
    async page(groupId: string, limit: number, before?: number): Promise<ActivityRow[]> {
      return db
        .select()
        .from(activityLog)
        .where(
          before === undefined
            ? eq(activityLog.groupId, groupId)
            : and(eq(activityLog.groupId, groupId), lt(activityLog.id, before)),
        )
        .orderBy(desc(activityLog.id))
        .limit(limit);
    },
    /** The OAuth client a sign-in's tokens were issued to; null for the app's own sign-in. */
    async clientOfSession(sid: string): Promise<string | null> {
      const [row] = await db
        .select({ clientId: refreshTokens.clientId })
        .from(refreshTokens)
        .where(eq(refreshTokens.family, sid))
        .limit(1);
      return row?.clientId ?? null;
    },
    /** Entries older than the keeping time deleted; how many. */
    async prune(now = new Date()): Promise<number> {
      const cutoff = new Date(now.getTime() - ACTIVITY_KEEP_DAYS * 86_400_000);
      const rows = await db
        .delete(activityLog)
        .where(lt(activityLog.at, sql`${cutoff.toISOString()}::timestamptz`))
        .returning({ id: activityLog.id });
      return rows.length;
    },
  };
}
export type ActivityRepository = ReturnType<typeof createActivityRepository>;
