import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refreshTokens, sessions } from '../db/schema';

export function createSessionsRepository(db: Db) {
  /** Ends the matching live sessions and refuses their refresh tokens; answers their ids. */
  async function end(where: ReturnType<typeof and>, userId: string, except?: string) {
    const now = new Date();
    const ended = await db
      .update(sessions)
      .set({ endedAt: now })
      .where(and(where, isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          except === undefined ? undefined : ne(refreshTokens.family, except),
        ),
      );
    return ended.map((row) => row.id);
  }

  return {
    async create(userId: string): Promise<string> {
      const [row] = await db.insert(sessions).values({ userId }).returning({ id: sessions.id });
      return row!.id;
    },
    /** False for an ended session, and for one that no longer exists (its account was deleted). */
    async isLive(id: string): Promise<boolean> {
      const [row] = await db
        .select({ endedAt: sessions.endedAt })
        .from(sessions)
        .where(eq(sessions.id, id));
      return row !== undefined && row.endedAt === null;
    },
    /** Every live session of the user but `except`; answers the ids it ended. */
    endAllOf(userId: string, except?: string): Promise<string[]> {
      return end(
        and(
          eq(sessions.userId, userId),
          except === undefined ? undefined : ne(sessions.id, except),
        ),
        userId,
        except,
      );
    },
    async endOne(id: string): Promise<boolean> {
      const ended = await db
        .update(sessions)
        .set({ endedAt: new Date() })
        .where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
        .returning({ id: sessions.id });
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.family, id), isNull(refreshTokens.revokedAt)));
      return ended.length === 1;
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
