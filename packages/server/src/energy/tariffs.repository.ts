import { and, asc, count, eq, max } from 'drizzle-orm';
import type { Tariff } from '@hearth/energy';
import type { Db } from '../db/client';
import { homeTariffs } from '../db/schema';

export interface StoredTariff {
  validFrom: number;
  currency: string;
  tariff: Tariff;
}

/** A home's tariff history, oldest first (home_tariffs). */
export function createTariffsRepository(db: Db) {
  return {
    async list(groupId: string): Promise<StoredTariff[]> {
      const rows = await db
        .select()
        .from(homeTariffs)
        .where(eq(homeTariffs.groupId, groupId))
        .orderBy(asc(homeTariffs.validFrom));
      return rows.map((r) => ({
        validFrom: r.validFrom.getTime(),
        currency: r.currency,
        // Written only through `put`, which stores a checked Tariff.
        tariff: r.tariff as unknown as Tariff,
      }));
    },
    async count(groupId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(homeTariffs)
        .where(eq(homeTariffs.groupId, groupId));
      return row?.n ?? 0;
    },
    /** When the home's tariffs last changed (a tariff added or replaced); undefined for none. */
    async lastChange(groupId: string): Promise<Date | undefined> {
      const [row] = await db
        .select({ at: max(homeTariffs.createdAt) })
        .from(homeTariffs)
        .where(eq(homeTariffs.groupId, groupId));
      return row?.at ?? undefined;
    },
    /** Adds the tariff, or replaces the one from the same instant. */
    async put(groupId: string, currency: string, tariff: Tariff): Promise<void> {
      const validFrom = new Date(tariff.validFrom);
      const value = tariff as unknown as Record<string, unknown>;
      await db
        .insert(homeTariffs)
        .values({ groupId, validFrom, currency, tariff: value })
        .onConflictDoUpdate({
          target: [homeTariffs.groupId, homeTariffs.validFrom],
          set: { currency, tariff: value, createdAt: new Date() },
        });
    },
    /** Whether a tariff from that instant was there to delete. */
    async remove(groupId: string, validFrom: number): Promise<boolean> {
      const gone = await db
        .delete(homeTariffs)
        .where(
          and(eq(homeTariffs.groupId, groupId), eq(homeTariffs.validFrom, new Date(validFrom))),
        )
        .returning({ groupId: homeTariffs.groupId });
      return gone.length > 0;
    },
  };
}
export type TariffsRepository = ReturnType<typeof createTariffsRepository>;
