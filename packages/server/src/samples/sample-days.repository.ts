import { sql } from 'drizzle-orm';
import type { GatewaySample } from '@hearth/protocol';
import type { Db } from '../db/client';
import type { Logger } from '../logger';

/** A day of samples is read past a refreshed range so its last interval still has its end. */
const LOOKAHEAD_S = 86_400;

const ENERGY = sql.raw(
  'sum(CASE WHEN nc IS NULL THEN 0 WHEN nc >= counter THEN nc - counter ELSE nc END)',
);

/** A sample as the INPUT record reads it. */
function sampleRow(s: GatewaySample) {
  return {
    type: s.type,
    addr: s.addr,
    t: s.t,
    counter: s.counter,
    temp: s.temp === undefined ? null : Number(s.temp),
    max: s.max ?? null,
    min: s.min ?? null,
  };
}

function rowsJson(list: GatewaySample[]): string {
  return JSON.stringify(list.map(sampleRow));
}

const INPUT = sql.raw(
  'AS u(type text, addr int, t bigint, counter float8, temp float8, max float8, min float8)',
);

/** One gateway's samples message. */
export interface DevSamples {
  devId: string;
  list: GatewaySample[];
}

/** Samples of many gateways as one JSON array, each row with its gateway (and zone, once known). */
function batchJson(batches: DevSamples[], zones?: Map<string, string>): string {
  return JSON.stringify(
    batches.flatMap(({ devId, list }) =>
      list.map((s) => ({ dev_id: devId, tz: zones?.get(devId) ?? null, ...sampleRow(s) })),
    ),
  );
}

const BATCH_INPUT = sql.raw(
  'AS u(dev_id text, tz text, type text, addr int, t bigint, counter float8, temp float8, max float8, min float8)',
);

function rows<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Answers of `isTimeZone`: building a DateTimeFormat per samples batch was a hot spot. */
const zoneChecks = new Map<string, boolean>();
const MAX_ZONE_CHECKS = 1_000;

export function isTimeZone(tz: string): boolean {
  const known = zoneChecks.get(tz);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    valid = true;
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    valid = false;
  }
  if (zoneChecks.size >= MAX_ZONE_CHECKS) zoneChecks.clear();
  zoneChecks.set(tz, valid);
  return valid;
}

/**
 * Stores samples and keeps `sample_days` (per node and local day of the home) in step:
 * samples that arrive in order add their energy and temperatures to their days in the same
 * statement; a batch that lands before samples already stored recomputes the days it touches.
 */
export function createSampleDays(db: Db, log?: Logger) {
  /** The home's zone as stored; UTC when the gateway has no home or the zone is unknown. */
  async function homeZone(devId: string): Promise<string> {
    const result = await db.execute(sql`
      SELECT g.geo_data->>'tz_code' AS tz FROM devs d JOIN groups g ON g.id = d.group_id
      WHERE d.dev_id = ${devId}`);
    const tz = rows<{ tz: string | null }>(result)[0]?.tz;
    return tz && isTimeZone(tz) ? tz : 'UTC';
  }

  async function plainInsert(devId: string, json: string): Promise<void> {
    await db.execute(sql`
      INSERT INTO samples (dev_id, type, addr, t, counter, temp, max, min)
      SELECT ${devId}, u.type, u.addr, u.t, u.counter, u.temp, u.max, u.min
      FROM jsonb_to_recordset(${json}::jsonb) ${INPUT}
      ON CONFLICT DO NOTHING`);
  }

  /** Recomputes the days of [from, to] (seconds) of every node of the device from the samples. */
  async function refresh(devId: string, tz: string, from: number, to: number): Promise<void> {
    await db.execute(sql`
      DELETE FROM sample_days WHERE dev_id = ${devId} AND tz = ${tz}
        AND day >= (to_timestamp(${from}) AT TIME ZONE ${tz})::date
        AND day <= (to_timestamp(${to}) AT TIME ZONE ${tz})::date`);
    await db.execute(sql`
      WITH bounds AS (
        SELECT extract(epoch from date_trunc('day', to_timestamp(${from}), ${tz}))::bigint AS lo,
               -- The next local midnight: a day is 23 or 25 hours long across a clock change.
               extract(epoch from (((to_timestamp(${to}) AT TIME ZONE ${tz})::date + 1)::timestamp
                                   AT TIME ZONE ${tz}))::bigint AS hi
      ), d AS (
        SELECT s.type, s.addr, s.t, s.temp, s.counter,
               lead(s.counter) OVER (PARTITION BY s.type, s.addr ORDER BY s.t) AS nc
        FROM samples s, bounds
        WHERE s.dev_id = ${devId} AND s.t >= bounds.lo AND s.t < bounds.hi + ${LOOKAHEAD_S}
      )
      INSERT INTO sample_days (dev_id, tz, type, addr, day, energy_wh, temp_sum, temp_n)
      SELECT ${devId}, ${tz}, type, addr, (to_timestamp(t) AT TIME ZONE ${tz})::date,
             ${ENERGY}, coalesce(sum(temp), 0), count(temp)
      FROM d, bounds WHERE d.t < bounds.hi
      GROUP BY type, addr, 5`);
  }

  /**
   * In one round trip: the home's zone (as `homeZone`) and whether a node of the batch already
   * has samples after the batch's first one for it (then its days are recomputed).
   */
  async function zoneAndLateness(devId: string, json: string): Promise<[string, boolean]> {
    const result = await db.execute(sql`
      SELECT (SELECT g.geo_data->>'tz_code' FROM devs d JOIN groups g ON g.id = d.group_id
              WHERE d.dev_id = ${devId}) AS tz,
             EXISTS (
               SELECT 1 FROM (
                 SELECT u.type, u.addr, min(u.t) AS t0 FROM jsonb_to_recordset(${json}::jsonb) ${INPUT}
                 GROUP BY u.type, u.addr
               ) f
               WHERE EXISTS (SELECT 1 FROM samples s WHERE s.dev_id = ${devId}
                             AND s.type = f.type AND s.addr = f.addr AND s.t > f.t0)
             ) AS late`);
    const row = rows<{ tz: string | null; late: boolean }>(result)[0];
    const tz = row?.tz;
    return [tz && isTimeZone(tz) ? tz : 'UTC', row?.late === true];
  }

  /** One statement: insert, then add the new intervals (from each node's previous sample on). */
  async function insertInOrder(devId: string, tz: string, json: string): Promise<void> {
    await db.execute(sql`
      WITH ins AS (
        INSERT INTO samples (dev_id, type, addr, t, counter, temp, max, min)
        SELECT ${devId}, u.type, u.addr, u.t, u.counter, u.temp, u.max, u.min
        FROM jsonb_to_recordset(${json}::jsonb) ${INPUT}
        ON CONFLICT DO NOTHING
        RETURNING type, addr, t, counter, temp
      ), first AS (
        SELECT type, addr, min(t) AS t0 FROM ins GROUP BY type, addr
      ), prev AS (
        SELECT f.type, f.addr, p.t, p.counter FROM first f
        CROSS JOIN LATERAL (
          SELECT s.t, s.counter FROM samples s
          WHERE s.dev_id = ${devId} AND s.type = f.type AND s.addr = f.addr AND s.t < f.t0
          ORDER BY s.t DESC LIMIT 1
        ) p
      ), seq AS (
        SELECT type, addr, t, counter, temp, true AS fresh FROM ins
        UNION ALL
        SELECT type, addr, t, counter, NULL::float8, false FROM prev
      ), d AS (
        SELECT type, addr, t, counter, temp, fresh,
               lead(counter) OVER (PARTITION BY type, addr ORDER BY t) AS nc
        FROM seq
      )
      INSERT INTO sample_days (dev_id, tz, type, addr, day, energy_wh, temp_sum, temp_n)
      SELECT ${devId}, ${tz}, type, addr, (to_timestamp(t) AT TIME ZONE ${tz})::date,
             ${ENERGY}, coalesce(sum(temp) FILTER (WHERE fresh), 0), count(temp) FILTER (WHERE fresh)
      FROM d GROUP BY type, addr, 5
      ON CONFLICT (dev_id, tz, type, addr, day) DO UPDATE SET
        energy_wh = sample_days.energy_wh + excluded.energy_wh,
        temp_sum = sample_days.temp_sum + excluded.temp_sum,
        temp_n = sample_days.temp_n + excluded.temp_n`);
  }

  /** `zoneAndLateness` for the gateways of a batch, in one query. */
  async function zonesAndLateness(json: string): Promise<Map<string, [string, boolean]>> {
    const result = await db.execute(sql`
      WITH f AS (
        SELECT u.dev_id, u.type, u.addr, min(u.t) AS t0
        FROM jsonb_to_recordset(${json}::jsonb) ${BATCH_INPUT}
        GROUP BY u.dev_id, u.type, u.addr
      )
      SELECT x.dev_id,
             (SELECT g.geo_data->>'tz_code' FROM devs d JOIN groups g ON g.id = d.group_id
              WHERE d.dev_id = x.dev_id) AS tz,
             EXISTS (SELECT 1 FROM f WHERE f.dev_id = x.dev_id AND EXISTS (
                       SELECT 1 FROM samples s WHERE s.dev_id = f.dev_id
                       AND s.type = f.type AND s.addr = f.addr AND s.t > f.t0)) AS late
      FROM (SELECT DISTINCT dev_id FROM f) x`);
    const found = new Map<string, [string, boolean]>();
    for (const r of rows<{ dev_id: string; tz: string | null; late: boolean }>(result)) {
      found.set(r.dev_id, [r.tz && isTimeZone(r.tz) ? r.tz : 'UTC', r.late === true]);
    }
    return found;
  }

  /** `insertInOrder` for the gateways of a batch (each row carries its gateway and zone). */
  async function insertBatchInOrder(json: string): Promise<void> {
    await db.execute(sql`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${json}::jsonb) ${BATCH_INPUT}
      ), z AS (
        SELECT DISTINCT dev_id, tz FROM input
      ), ins AS (
        INSERT INTO samples (dev_id, type, addr, t, counter, temp, max, min)
        SELECT dev_id, type, addr, t, counter, temp, max, min FROM input
        ORDER BY dev_id, type, addr, t
        ON CONFLICT DO NOTHING
        RETURNING dev_id, type, addr, t, counter, temp
      ), first AS (
        SELECT dev_id, type, addr, min(t) AS t0 FROM ins GROUP BY dev_id, type, addr
      ), prev AS (
        SELECT f.dev_id, f.type, f.addr, p.t, p.counter FROM first f
        CROSS JOIN LATERAL (
          SELECT s.t, s.counter FROM samples s
          WHERE s.dev_id = f.dev_id AND s.type = f.type AND s.addr = f.addr AND s.t < f.t0
          ORDER BY s.t DESC LIMIT 1
        ) p
      ), seq AS (
        SELECT dev_id, type, addr, t, counter, temp, true AS fresh FROM ins
        UNION ALL
        SELECT dev_id, type, addr, t, counter, NULL::float8, false FROM prev
      ), d AS (
        SELECT dev_id, type, addr, t, counter, temp, fresh,
               lead(counter) OVER (PARTITION BY dev_id, type, addr ORDER BY t) AS nc
        FROM seq
      )
      INSERT INTO sample_days (dev_id, tz, type, addr, day, energy_wh, temp_sum, temp_n)
      SELECT d.dev_id, z.tz, d.type, d.addr, (to_timestamp(d.t) AT TIME ZONE z.tz)::date,
             ${ENERGY}, coalesce(sum(d.temp) FILTER (WHERE d.fresh), 0),
             count(d.temp) FILTER (WHERE d.fresh)
      FROM d JOIN z ON z.dev_id = d.dev_id
      GROUP BY 1, 2, 3, 4, 5
      -- Rows in key order, so that batches of several processes never wait on each other in a cycle.
      ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (dev_id, tz, type, addr, day) DO UPDATE SET
        energy_wh = sample_days.energy_wh + excluded.energy_wh,
        temp_sum = sample_days.temp_sum + excluded.temp_sum,
        temp_n = sample_days.temp_n + excluded.temp_n`);
  }

  async function insert(devId: string, list: GatewaySample[]): Promise<void> {
    if (list.length === 0) return;
    const json = rowsJson(list);
    const [tz, late] = await zoneAndLateness(devId, json);
    if (!late) {
      await insertInOrder(devId, tz, json);
      return;
    }
    await insertLate(devId, tz, json, list);
  }

  async function insertLate(devId: string, tz: string, json: string, list: GatewaySample[]) {
    await plainInsert(devId, json);
    const ts = list.map((s) => s.t);
    // The interval that ends at the earliest new sample starts the day before at the latest.
    await refresh(devId, tz, Math.min(...ts) - 86_400, Math.max(...ts));
    log?.debug({ devId }, 'late samples: day totals recomputed');
  }

  return {
    homeZone,
    refresh,
    insert,
    /**
     * `insert` for the messages of many gateways at once: two statements for the whole batch
     * (zones and lateness, then samples and day totals) instead of two per gateway. A gateway
     * whose samples land before ones already stored is recomputed on its own, as in `insert`.
     */
    async insertBatch(batches: DevSamples[]): Promise<void> {
      const merged = new Map<string, GatewaySample[]>();
      for (const { devId, list } of batches) {
        if (list.length > 0) merged.set(devId, [...(merged.get(devId) ?? []), ...list]);
      }
      if (merged.size === 0) return;
      const all = [...merged].map(([devId, list]) => ({ devId, list }));
      const checks = await zonesAndLateness(batchJson(all));
      const inOrder = all.filter((b) => checks.get(b.devId)?.[1] !== true);
      const zones = new Map([...checks].map(([devId, [tz]]) => [devId, tz]));
      if (inOrder.length > 0) await insertBatchInOrder(batchJson(inOrder, zones));
      for (const b of all) {
        const check = checks.get(b.devId);
        if (check?.[1] === true) await insertLate(b.devId, check[0], rowsJson(b.list), b.list);
      }
    },
  };
}
export type SampleDays = ReturnType<typeof createSampleDays>;
