import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { comfortDecisions, comfortRooms, type ComfortDecisionKind } from '../db/schema';

export type ComfortRoomRow = typeof comfortRooms.$inferSelect;
export interface RoomKey {
  devId: string;
  type: string;
  addr: number;
}
export interface ComfortSettings {
  optimumStart: boolean;
  windowDetection: boolean;
}
/** How long decisions are kept (docs/comfort.md "In the server"). */
export const COMFORT_DECISIONS_KEPT_DAYS = 30;

const roomIs = (k: RoomKey) =>
  and(
    eq(comfortRooms.devId, k.devId),
    eq(comfortRooms.type, k.type),
    eq(comfortRooms.addr, k.addr),
  );

export interface DecisionInsert {
  kind: ComfortDecisionKind;
  at: Date;
  detail: Record<string, unknown>;
}
/** What a room's comfort automation changes in one step, stored together with its decisions. */
export interface RoomUpdate {
  state: Record<string, unknown>;
  windowHoldUntil: Date | null;
  decisions?: DecisionInsert[];
}

export function createComfortRepository(db: Db) {
  return {
    async find(k: RoomKey): Promise<ComfortRoomRow | undefined> {
      const [row] = await db.select().from(comfortRooms).where(roomIs(k));
      return row;
    },
    /** Switches features on or off; a room without a row gets one. */
    async putSettings(k: RoomKey, s: Partial<ComfortSettings>): Promise<ComfortRoomRow> {
      const set = { ...s, updatedAt: new Date() };
      const [row] = await db
        .insert(comfortRooms)
        .values({ ...k, ...set })
        .onConflictDoUpdate({
          target: [comfortRooms.devId, comfortRooms.type, comfortRooms.addr],
          set,
        })
        .returning();
      if (!row) throw new Error('comfort settings were not stored');
      return row;
    },
    /** A row with every feature off, for a room a holiday or one-off day may cover. */
    async ensureRow(k: RoomKey): Promise<void> {
      await db.insert(comfortRooms).values(k).onConflictDoNothing();
    },
    /**
     * The rooms with a feature on, or that Hearth still asks something of (a holiday deleted
     * under way is given back at the next report), for the automation's check on each report.
     */
    async enabledRooms(): Promise<RoomKey[]> {
      return db
        .select({ devId: comfortRooms.devId, type: comfortRooms.type, addr: comfortRooms.addr })
        .from(comfortRooms)
        .where(
          or(
            eq(comfortRooms.windowDetection, true),
            eq(comfortRooms.optimumStart, true),
            sql`${comfortRooms.state}->'plan'->>'assert' is not null`,
            sql`${comfortRooms.state}->'plan'->>'active' is not null`,
          ),
        );
    },
    /**
     * Runs `step` on the room's row locked, so that two processes never step one room at once,
     * and stores what it answers (and its decision) in the same transaction. Returns its answer.
     * `step` runs no query: the embedded database has one connection, held by the transaction.
     */
    async stepLocked<T>(
      k: RoomKey,
      step: (row: ComfortRoomRow) => { update: RoomUpdate | null; result: T },
    ): Promise<T | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(comfortRooms).where(roomIs(k)).for('update');
        if (!row) return undefined;
        const { update, result } = step(row);
        if (update) {
          await tx
            .update(comfortRooms)
            .set({ state: update.state, windowHoldUntil: update.windowHoldUntil })
            .where(roomIs(k));
          if (update.decisions?.length)
            await tx.insert(comfortDecisions).values(update.decisions.map((d) => ({ ...k, ...d })));
        }
        return result;
      });
    },
    async decisions(k: RoomKey, limit: number) {
      return db
        .select()
        .from(comfortDecisions)
        .where(
          and(
            eq(comfortDecisions.devId, k.devId),
            eq(comfortDecisions.type, k.type),
            eq(comfortDecisions.addr, k.addr),
          ),
        )
        .orderBy(desc(comfortDecisions.at), desc(comfortDecisions.id))
        .limit(limit);
    },
    /** Deletes decisions older than COMFORT_DECISIONS_KEPT_DAYS; how many. */
    async prune(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - COMFORT_DECISIONS_KEPT_DAYS * 86_400_000);
      const gone = await db
        .delete(comfortDecisions)
        .where(lt(comfortDecisions.at, sql`${before.toISOString()}::timestamptz`))
        .returning({ id: comfortDecisions.id });
      return gone.length;
    },
  };
}
export type ComfortRepository = ReturnType<typeof createComfortRepository>;
