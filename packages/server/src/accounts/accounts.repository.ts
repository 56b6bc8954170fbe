import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { accountCodes, privacyAcceptances, users, type AccountCodePurpose } from '../db/schema';

export type AccountCodeRow = typeof accountCodes.$inferSelect;

/** The account queries beyond sign-in: codes, privacy and the user's own settings. */
export function createAccountsRepository(db: Db) {
  return {
    async insertCode(input: {
      userId: string;
      purpose: AccountCodePurpose;
      codeHash: string;
      data?: Record<string, string>;
      expiresAt: Date;
    }): Promise<void> {
      await db.insert(accountCodes).values(input);
    },

    /** Marks a live code used and returns it; undefined when unknown, used, expired or for another purpose. */
    async consumeCode(
      codeHash: string,
      purpose: AccountCodePurpose,
    ): Promise<AccountCodeRow | undefined> {
      const [row] = await db
        .update(accountCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(accountCodes.codeHash, codeHash),
            eq(accountCodes.purpose, purpose),
            isNull(accountCodes.usedAt),
            gt(accountCodes.expiresAt, new Date()),
          ),
        )
        .returning();
      return row;
    },

    /** Replaces what a code carries (a redeemed authorization code records its session). */
    async setCodeData(id: string, data: Record<string, string>): Promise<void> {
      await db.update(accountCodes).set({ data }).where(eq(accountCodes.id, id));
    },

    async findCode(codeHash: string): Promise<AccountCodeRow | undefined> {
      const [row] = await db.select().from(accountCodes).where(eq(accountCodes.codeHash, codeHash));
      return row;
    },

    async setVerified(userId: string): Promise<void> {
      await db.update(users).set({ verified: true }).where(eq(users.id, userId));
    },
    async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },
    async setEmail(userId: string, email: string): Promise<void> {
      await db.update(users).set({ email: email.toLowerCase() }).where(eq(users.id, userId));
    },
    async setLang(userId: string, lang: string): Promise<void> {
      await db.update(users).set({ lang }).where(eq(users.id, userId));
    },
    async createUser(input: {
      email: string;
      passwordHash: string;
      serialId: string;
      lang: string;
    }): Promise<{ id: string } | undefined> {
      const [row] = await db
        .insert(users)
        .values({ ...input, email: input.email.toLowerCase(), verified: false })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      return row;
    },
    async deleteUser(userId: string): Promise<void> {
      await db.delete(users).where(eq(users.id, userId));
    },

    async privacyOf(userId: string): Promise<Date | undefined> {
      const [row] = await db
        .select()
        .from(privacyAcceptances)
        .where(eq(privacyAcceptances.userId, userId));
      return row?.acceptedAt;
    },
    async acceptPrivacy(userId: string): Promise<Date> {
      const [row] = await db
        .insert(privacyAcceptances)
        .values({ userId })
        .onConflictDoUpdate({ target: privacyAcceptances.userId, set: { acceptedAt: new Date() } })
        .returning();
      if (!row) throw new Error('privacy upsert returned nothing');
      return row.acceptedAt;
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
