import { and, asc, desc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  chargePlans,
  devs,
  homePriceSources,
  nodes,
  powerGuardActions,
  powerGuards,
} from '../db/schema';

export type PriceSourceRow = typeof homePriceSources.$inferSelect;
export type PowerGuardRow = typeof powerGuards.$inferSelect;
export type PowerGuardActionRow = typeof powerGuardActions.$inferSelect;
export type ChargePlanRow = typeof chargePlans.$inferSelect;
export type NodeRow = typeof nodes.$inferSelect;

/** Guard actions are kept this long (as the activity log). */
export const POWER_GUARD_ACTIONS_KEPT_DAYS = 90;

/** The stored side of prices from a URL, the power guard and charge plans (migration 0012). */
export function createEnergyAutomationRepository(db: Db) {
  return {
    // Prices from a URL.
    async priceSource(groupId: string): Promise<PriceSourceRow | undefined> {
      const [row] = await db
        .select()
        .from(homePriceSources)
        .where(eq(homePriceSources.groupId, groupId));
      return row;
    },
    async putPriceSource(
      groupId: string,
      v: {
        url: string;
        currency: string;
        slotMinutes: number | null;
        fallbackPricePerKwh: number | null;
      },
    ): Promise<void> {
      const set = { ...v, lastFetchAt: null, lastError: null, nextFetchAt: new Date() };
      await db
        .insert(homePriceSources)
        .values({ groupId, ...set })
        .onConflictDoUpdate({ target: homePriceSources.groupId, set });
    },
    async removePriceSource(groupId: string): Promise<boolean> {
      const gone = await db
        .delete(homePriceSources)
        .where(eq(homePriceSources.groupId, groupId))
        .returning({ groupId: homePriceSources.groupId });
      return gone.length > 0;
    },
    /**
     * Claims the sources due at `now` by moving their next fetch to `until`, in one statement:
     * a source is claimed by one process only, whichever runs first.
     */
    async claimDue(
      now: Date,
      until: Date,
      limit = 20,
      groupId?: string,
    ): Promise<PriceSourceRow[]> {
      const isDue = lte(homePriceSources.nextFetchAt, now);
      const due = db
        .select({ groupId: homePriceSources.groupId })
        .from(homePriceSources)
        .where(groupId === undefined ? isDue : and(isDue, eq(homePriceSources.groupId, groupId)))
        .orderBy(asc(homePriceSources.nextFetchAt))
        .limit(limit);
      return db
        .update(homePriceSources)
        .set({ nextFetchAt: until })
        .where(and(inArray(homePriceSources.groupId, due), lte(homePriceSources.nextFetchAt, now)))
        .returning();
    },
    /** The outcome of a fetch, unless the source was replaced meanwhile (another URL). */
    async fetched(
      groupId: string,
      url: string,
      outcome: { at: Date; error: string | null },
    ): Promise<void> {
      await db
        .update(homePriceSources)
        .set(
          outcome.error === null
            ? { lastFetchAt: outcome.at, lastError: null }
            : { lastError: outcome.error },
        )
        .where(and(eq(homePriceSources.groupId, groupId), eq(homePriceSources.url, url)));
    },

    // The power guard.
    async guard(groupId: string): Promise<PowerGuardRow | undefined> {
      const [row] = await db.select().from(powerGuards).where(eq(powerGuards.groupId, groupId));
      return row;
    },
    async putGuard(
      groupId: string,
      v: Pick<
        PowerGuardRow,
        'enabled' | 'dryRun' | 'capKw' | 'instantCapKw' | 'priority' | 'monitor'
      >,
      resetState: boolean,
    ): Promise<void> {
      const set = { ...v, updatedAt: new Date(), ...(resetState ? { state: {} } : {}) };
      await db
        .insert(powerGuards)
        .values({ groupId, ...v })
        .onConflictDoUpdate({ target: powerGuards.groupId, set });
    },
    /** The devices of the homes with the guard on, with their home. */
    async enabledGuardDevs(): Promise<{ devId: string; groupId: string }[]> {
      return db
        .select({ devId: devs.devId, groupId: powerGuards.groupId })
        .from(powerGuards)
        .innerJoin(devs, eq(devs.groupId, powerGuards.groupId))
        .where(eq(powerGuards.enabled, true));
    },
    /**
     * Steps a home's guard with its row locked (one process per reading), storing the new
     * state and the actions in the same transaction.
     */
    async stepGuardLocked<T>(
      groupId: string,
      step: (row: PowerGuardRow) => {
        state: Record<string, unknown> | null;
        actions: Omit<typeof powerGuardActions.$inferInsert, 'groupId'>[];
        result: T;
      },
      opts: { evenOff?: boolean } = {},
    ): Promise<T | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(powerGuards)
          .where(eq(powerGuards.groupId, groupId))
          .for('update');
        if (!row || (!row.enabled && !opts.evenOff)) return undefined;
        const { state, actions, result } = step(row);
        if (state)
          await tx.update(powerGuards).set({ state }).where(eq(powerGuards.groupId, groupId));
        if (actions.length > 0)
          await tx.insert(powerGuardActions).values(actions.map((a) => ({ ...a, groupId })));
        return result;
      });
    },
    async guardActions(groupId: string, limit: number): Promise<PowerGuardActionRow[]> {
      return db
        .select()
        .from(powerGuardActions)
        .where(eq(powerGuardActions.groupId, groupId))
        .orderBy(desc(powerGuardActions.at), desc(powerGuardActions.id))
        .limit(limit);
    },
    async pruneGuardActions(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - POWER_GUARD_ACTIONS_KEPT_DAYS * 86_400_000);
      const gone = await db
        .delete(powerGuardActions)
        .where(lt(powerGuardActions.at, sql`${before.toISOString()}::timestamptz`))
        .returning({ id: powerGuardActions.id });
      return gone.length;
    },

    /** The nodes of every device of a home. */
    async homeNodes(groupId: string): Promise<NodeRow[]> {
      const rows = await db
        .select({ node: nodes })
        .from(nodes)
        .innerJoin(devs, eq(devs.devId, nodes.devId))
        .where(eq(devs.groupId, groupId))
        .orderBy(asc(nodes.devId), asc(nodes.addr));
      return rows.map((r) => r.node);
    },

    // Charge plans.
    async chargePlan(devId: string, addr: number): Promise<ChargePlanRow | undefined> {
      const [row] = await db
        .select()
        .from(chargePlans)
        .where(and(eq(chargePlans.devId, devId), eq(chargePlans.addr, addr)));
      return row;
    },
    async putChargeSettings(
      devId: string,
      addr: number,
      v: Pick<ChargePlanRow, 'enabled' | 'targetPct' | 'readyBy' | 'minBlockMin'>,
    ): Promise<void> {
      const set = { ...v, updatedAt: new Date() };
      await db
        .insert(chargePlans)
        .values({ devId, addr, ...v })
        .onConflictDoUpdate({ target: [chargePlans.devId, chargePlans.addr], set });
    },
    async storePlan(
      devId: string,
      addr: number,
      plan: Record<string, unknown> | null,
      sent: Record<string, unknown> | null | undefined,
      at: Date,
    ): Promise<void> {
      await db
        .update(chargePlans)
        .set({ plan, plannedAt: at, ...(sent === undefined ? {} : { sent }) })
        .where(and(eq(chargePlans.devId, devId), eq(chargePlans.addr, addr)));
    },
    /** Moves a plan's time from `was` to `at`; false when another process moved it first. */
    async claimPlan(devId: string, addr: number, was: Date | null, at: Date): Promise<boolean> {
      const moved = await db
        .update(chargePlans)
        .set({ plannedAt: at })
        .where(
          and(
            eq(chargePlans.devId, devId),
            eq(chargePlans.addr, addr),
            was === null ? isNull(chargePlans.plannedAt) : eq(chargePlans.plannedAt, was),
          ),
        )
        .returning({ devId: chargePlans.devId });
      return moved.length > 0;
    },
    /** Heaters with a plan on, with their home: all of them, or those of one home. */
    async enabledPlans(groupId?: string): Promise<(ChargePlanRow & { groupId: string })[]> {
      const rows = await db
        .select({ plan: chargePlans, groupId: devs.groupId })
        .from(chargePlans)
        .innerJoin(devs, eq(devs.devId, chargePlans.devId))
        .where(
          groupId === undefined
            ? eq(chargePlans.enabled, true)
            : and(eq(chargePlans.enabled, true), eq(devs.groupId, groupId)),
        );
      return rows
        .filter((r): r is { plan: ChargePlanRow; groupId: string } => r.groupId !== null)
        .map((r) => ({ ...r.plan, groupId: r.groupId }));
    },
  };
}
export type EnergyAutomationRepository = ReturnType<typeof createEnergyAutomationRepository>;
