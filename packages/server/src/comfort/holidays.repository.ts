import type { Holiday, OneOffDay } from '@hearth/comfort';
import {
  COMFORT_HOLIDAYS_MAX,
  COMFORT_ONE_OFFS_MAX,
  type HolidayInput,
  type HolidayWire,
  type OneOffInput,
  type OneOffWire,
} from '@hearth/protocol';
import { and, asc, count, eq, gte, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { comfortHolidays, comfortOneOffs, comfortRooms, devs, groups, nodes } from '../db/schema';
import { errors } from '../errors';

type HolidayRow = typeof comfortHolidays.$inferSelect;
type OneOffRow = typeof comfortOneOffs.$inferSelect;

/** Nodes with a room temperature: the comfort automation has nothing to read of a meter. */
export const COMFORT_ROOM_TYPES = ['htr', 'acm', 'thm'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function presentHoliday(row: HolidayRow): HolidayWire {
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    rooms: row.rooms ?? null,
    away_c: row.awayC ?? null,
    use_day: row.useDay ?? null,
  };
}

export function presentOneOff(row: OneOffRow): OneOffWire {
  return { id: row.id, date: row.date, use_day: row.useDay, rooms: row.rooms ?? null };
}

/** The resolver's holiday (`@hearth/comfort`) of a stored one. */
export function holidayOf(row: HolidayRow): Holiday {
  return {
    from: row.from,
    to: row.to,
    ...(row.rooms ? { rooms: row.rooms } : {}),
    ...(row.awayC === null ? {} : { awayC: row.awayC }),
    ...(row.useDay === null ? {} : { useDay: row.useDay }),
  };
}

export function oneOffOf(row: OneOffRow): OneOffDay {
  return { date: row.date, useDay: row.useDay, ...(row.rooms ? { rooms: row.rooms } : {}) };
}

const holidayValues = (body: HolidayInput) => ({
  from: body.from,
  to: body.to,
  rooms: body.rooms,
  awayC: body.away_c,
  useDay: body.use_day,
});

/**
 * A home's holidays and one-off days (docs/comfort.md "In the server"). Every write checks
 * its rooms against the home's and counts against the limit with the home's row locked, so
 * two requests at once cannot pass the limit; a refused write stores nothing.
 */
export function createHolidaysRepository(db: Db) {
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

  /** The room ids of a home: its heaters, storage heaters and thermostats. */
  async function roomIds(q: Db | Tx, groupId: string): Promise<string[]> {
    const rows = await q
      .select({ devId: nodes.devId, type: nodes.type, addr: nodes.addr })
      .from(nodes)
      .innerJoin(devs, eq(devs.devId, nodes.devId))
      .where(and(eq(devs.groupId, groupId), inArray(nodes.type, [...COMFORT_ROOM_TYPES])))
      .orderBy(asc(nodes.devId), asc(nodes.addr), asc(nodes.type));
    return rows.map((r) => `${r.devId}/${r.type}/${r.addr}`);
  }

  async function checkRooms(tx: Tx, groupId: string, rooms: string[] | null): Promise<void> {
    if (!rooms) return;
    const known = new Set(await roomIds(tx, groupId));
    const unknown = rooms.find((r) => !known.has(r));
    if (unknown !== undefined)
      throw errors.validation(`rooms: ${unknown} is not a room of this home`);
  }

  async function lockHome(tx: Tx, groupId: string): Promise<void> {
    await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId)).for('update');
  }

  return {
    roomIds: (groupId: string) => roomIds(db, groupId),

    async list(groupId: string) {
      const [h, o] = await Promise.all([
        db
          .select()
          .from(comfortHolidays)
          .where(eq(comfortHolidays.groupId, groupId))
          .orderBy(asc(comfortHolidays.from), asc(comfortHolidays.createdAt)),
        db
          .select()
          .from(comfortOneOffs)
          .where(eq(comfortOneOffs.groupId, groupId))
          .orderBy(asc(comfortOneOffs.date), asc(comfortOneOffs.createdAt)),
      ]);
      return { holidays: h, oneOffs: o };
    },

    async addHoliday(groupId: string, body: HolidayInput): Promise<HolidayRow> {
      return db.transaction(async (tx) => {
        await lockHome(tx, groupId);
        await checkRooms(tx, groupId, body.rooms);
        const [n] = await tx
          .select({ n: count() })
          .from(comfortHolidays)
          .where(eq(comfortHolidays.groupId, groupId));
        if ((n?.n ?? 0) >= COMFORT_HOLIDAYS_MAX)
          throw errors.validation(`a home has at most ${COMFORT_HOLIDAYS_MAX} holidays`);
        const [row] = await tx
          .insert(comfortHolidays)
          .values({ groupId, ...holidayValues(body) })
          .returning();
        if (!row) throw new Error('the holiday was not stored');
        return row;
      });
    },

    /** Undefined when the home has no holiday of that id. */
    async putHoliday(
      groupId: string,
      id: string,
      body: HolidayInput,
    ): Promise<HolidayRow | undefined> {
      if (!UUID.test(id)) return undefined;
      return db.transaction(async (tx) => {
        await lockHome(tx, groupId);
        await checkRooms(tx, groupId, body.rooms);
        const [row] = await tx
          .update(comfortHolidays)
          .set(holidayValues(body))
          .where(and(eq(comfortHolidays.id, id), eq(comfortHolidays.groupId, groupId)))
          .returning();
        return row;
      });
    },

    async removeHoliday(groupId: string, id: string): Promise<boolean> {
      if (!UUID.test(id)) return false;
      const gone = await db
        .delete(comfortHolidays)
        .where(and(eq(comfortHolidays.id, id), eq(comfortHolidays.groupId, groupId)))
        .returning({ id: comfortHolidays.id });
      return gone.length > 0;
    },

    async addOneOff(groupId: string, body: OneOffInput): Promise<OneOffRow> {
      return db.transaction(async (tx) => {
        await lockHome(tx, groupId);
        await checkRooms(tx, groupId, body.rooms);
        const [n] = await tx
          .select({ n: count() })
          .from(comfortOneOffs)
          .where(eq(comfortOneOffs.groupId, groupId));
        if ((n?.n ?? 0) >= COMFORT_ONE_OFFS_MAX)
          throw errors.validation(`a home has at most ${COMFORT_ONE_OFFS_MAX} one-off days`);
        const [row] = await tx
          .insert(comfortOneOffs)
          .values({ groupId, date: body.date, useDay: body.use_day, rooms: body.rooms })
          .returning();
        if (!row) throw new Error('the one-off day was not stored');
        return row;
      });
    },

    async removeOneOff(groupId: string, id: string): Promise<boolean> {
      if (!UUID.test(id)) return false;
      const gone = await db
        .delete(comfortOneOffs)
        .where(and(eq(comfortOneOffs.id, id), eq(comfortOneOffs.groupId, groupId)))
        .returning({ id: comfortOneOffs.id });
      return gone.length > 0;
    },

    /** The home of a gateway, with its geo data (time zone and place). */
    async homeOfDev(devId: string) {
      const [row] = await db
        .select({ groupId: groups.id, geoData: groups.geoData })
        .from(devs)
        .innerJoin(groups, eq(groups.id, devs.groupId))
        .where(eq(devs.devId, devId));
      return row;
    },

    /**
     * Gateways of homes with a holiday or one-off day not long over: their rooms are stepped on
     * each report. Wall times compare as text; two days' margin covers every time zone and the
     * step that gives a room back after the end.
     */
    async devIdsWithPlans(nowMs = Date.now()): Promise<string[]> {
      const since = new Date(nowMs - 2 * 86_400_000).toISOString().slice(0, 16);
      const rows = await db
        .selectDistinct({ devId: devs.devId })
        .from(devs)
        .leftJoin(
          comfortHolidays,
          and(eq(comfortHolidays.groupId, devs.groupId), gte(comfortHolidays.to, since)),
        )
        .leftJoin(
          comfortOneOffs,
          and(
            eq(comfortOneOffs.groupId, devs.groupId),
            gte(comfortOneOffs.date, since.slice(0, 10)),
          ),
        )
        .where(or(isNotNull(comfortHolidays.id), isNotNull(comfortOneOffs.id)));
      return rows.map((r) => r.devId);
    },

    /** The comfort rows of a home's rooms, for its summary. */
    async roomsOfHome(groupId: string) {
      return db
        .select({
          devId: nodes.devId,
          type: nodes.type,
          addr: nodes.addr,
          optimumStart: comfortRooms.optimumStart,
          windowDetection: comfortRooms.windowDetection,
          windowHoldUntil: comfortRooms.windowHoldUntil,
          state: comfortRooms.state,
        })
        .from(nodes)
        .innerJoin(devs, eq(devs.devId, nodes.devId))
        .leftJoin(
          comfortRooms,
          and(
            eq(comfortRooms.devId, nodes.devId),
            eq(comfortRooms.type, nodes.type),
            eq(comfortRooms.addr, nodes.addr),
          ),
        )
        .where(and(eq(devs.groupId, groupId), inArray(nodes.type, [...COMFORT_ROOM_TYPES])))
        .orderBy(asc(nodes.devId), asc(nodes.addr), asc(nodes.type));
    },
  };
}
export type HolidaysRepository = ReturnType<typeof createHolidaysRepository>;
