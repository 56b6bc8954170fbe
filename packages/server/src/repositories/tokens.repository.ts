import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { refreshTokens } from '../db/schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export function createTokensRepository(db: Db) {
  return {
    async insert(input: {
      userId: string;
      family: string;
      /** The OAuth client the token is issued to; only it may refresh. */
      clientId: string;
      tokenHash: string;
      scope: string;
      expiresAt: Date;
    }) {
      await db.insert(refreshTokens).values(input);
    },
    async findByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },
    /** Marks a token used; false when another request used it first (the race counts as reuse). */
    async consume(id: string): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(refreshTokens.id, id),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
          ),
        )
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },
    async revokeFamily(family: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
    },
  };
}
export type TokensRepository = ReturnType<typeof createTokensRepository>;
