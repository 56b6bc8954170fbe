import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { guests } from '../db/schema';

export type GuestRow = typeof guests.$inferSelect;

/** Invitations and accepted guests of homes (docs/wire-contract.md §4 invite rows, §6). */
export function createGuestsRepository(db: Db) {
  return {
    async list(groupId: string): Promise<GuestRow[]> {
      return db
        .select()
        .from(guests)
        .where(eq(guests.groupId, groupId))
        .orderBy(guests.createdAt, guests.email);
    },
    async find(groupId: string, email: string): Promise<GuestRow | undefined> {
      const [row] = await db
        .select()
        .from(guests)
        .where(and(eq(guests.groupId, groupId), eq(guests.email, email)));
      return row;
    },
    async findById(id: string): Promise<GuestRow | undefined> {
      const [row] = await db.select().from(guests).where(eq(guests.id, id));
      return row;
    },
    /** A new pending invitation, or a fresh code for one still pending. */
    async putPending(groupId: string, email: string, codeHash: string): Promise<GuestRow> {
      const [row] = await db
        .insert(guests)
        .values({ groupId, email, codeHash, pending: true })
        .onConflictDoUpdate({
          target: [guests.groupId, guests.email],
          set: { codeHash, pending: true },
        })
        .returning();
      if (!row) throw new Error('insert into guests returned nothing');
      return row;
    },
    /** Only a still-pending invitation is accepted, so a code works once. */
    async accept(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .update(guests)
        .set({ userId, pending: false, codeHash: null })
        .where(and(eq(guests.id, id), eq(guests.pending, true)))
        .returning({ id: guests.id });
      return rows.length === 1;
    },
    async remove(groupId: string, email: string): Promise<boolean> {
      const rows = await db
        .delete(guests)
        .where(and(eq(guests.groupId, groupId), eq(guests.email, email)))
        .returning({ id: guests.id });
      return rows.length > 0;
    },
  };
}
export type GuestsRepository = ReturnType<typeof createGuestsRepository>;
