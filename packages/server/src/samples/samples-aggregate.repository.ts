import { sql, type SQL } from 'drizzle-orm';
import type { GatewaySample } from '@hearth/protocol';
import type { Db } from '../db/client';
import { createSampleDays } from './sample-days.repository';

export const SAMPLE_GROUPS = ['quarter', 'hour', 'day', 'month'] as const;
export type SampleGroup = (typeof SAMPLE_GROUPS)[number];

export interface SampleBucket {
  /** Start of the bucket, seconds since the epoch. */
  t: number;
  /** Energy used in the bucket, Wh. */
  counterDelta: number;
  /** Mean temperature of the bucket's samples, null when none carried one. */
  temp: number | null;
}

export interface SampleScope {
  devIds: string[];
  type?: string;
  addr?: number;
}

/** Rows per INSERT; bounded so one statement's arrays stay a few MB. */
const INSERT_BATCH = 20_000;

/** A counter is read one day past the range so the last interval in it still has its end. */
const LOOKAHEAD_S = 86_400;

/**
 * Bucket starts in the home's zone. Days and months truncate local wall time; hours subtract
 * the local minutes and seconds, which keeps both UTC hours of a repeated autumn hour apart
 * (a 25-hour day has 25 buckets) and works in half-hour zones; quarters are the same
 * everywhere a zone's offset is a whole number of quarter hours.
 */
function bucketExpr(group: SampleGroup, tz: string): SQL {
  const local = sql`(to_timestamp(s.t) AT TIME ZONE ${tz})`;
  switch (group) {
    case 'quarter':
      return sql`(s.t - s.t % 900)`;
    case 'hour':
      return sql`(s.t - (extract(minute from ${local})::bigint * 60 + floor(extract(second from ${local}))::bigint))`;
    case 'day':
      return sql`extract(epoch from date_trunc('day', to_timestamp(s.t), ${tz}))::bigint`;
    case 'month':
      return sql`extract(epoch from date_trunc('month', to_timestamp(s.t), ${tz}))::bigint`;
  }
}

interface BucketRow {
  b: string | number;
  wh: string | number | null;
  temp: string | number | null;
}

function toBuckets(result: unknown): SampleBucket[] {
  return (result as { rows: BucketRow[] }).rows.map((r) => ({
    t: Number(r.b),
    counterDelta: Number(r.wh ?? 0),
    temp: r.temp === null ? null : Number(r.temp),
  }));
}

function isLocalMidnight(seconds: number, tz: string): boolean {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(seconds * 1000));
  return parts.every((p) => p.type === 'literal' || Number(p.value) === 0);
}

/** Aggregates of stored samples for the records screens, computed in SQL. */
export function createSamplesAggregateRepository(db: Db) {
  const days = createSampleDays(db);

  /**
   * Day totals answer day and month buckets when they were kept in the zone asked for, over
   * whole local days, and the devices never kept them in another zone (the home moved).
   */
  async function daysCover(scope: SampleScope, start: number, end: number, tz: string) {
    if (!isLocalMidnight(start, tz) || !isLocalMidnight(end, tz)) return false;
    for (const devId of scope.devIds) {
      if ((await days.homeZone(devId)) !== tz) return false;
      const other = await db.execute(
        sql`SELECT 1 FROM sample_days WHERE dev_id = ${devId} AND tz <> ${tz} LIMIT 1`,
      );
      if ((other as unknown as { rows: unknown[] }).rows.length > 0) return false;
    }
    return true;
  }

  async function fromDays(
    scope: SampleScope,
    start: number,
    end: number,
    group: 'day' | 'month',
    tz: string,
  ): Promise<SampleBucket[]> {
    const filters: SQL[] = [
      sql`dev_id IN (${sql.join(
        scope.devIds.map((d) => sql`${d}`),
        sql`, `,
      )})`,
      sql`tz = ${tz}`,
      sql`day >= (to_timestamp(${start}) AT TIME ZONE ${tz})::date`,
      sql`day < (to_timestamp(${end}) AT TIME ZONE ${tz})::date`,
    ];
    if (scope.type !== undefined) filters.push(sql`type = ${scope.type}`);
    if (scope.addr !== undefined) filters.push(sql`addr = ${scope.addr}`);
    const unit = group === 'day' ? sql.raw(`'day'`) : sql.raw(`'month'`);
    const result = await db.execute(sql`
      SELECT extract(epoch from (date_trunc(${unit}, day)::timestamp AT TIME ZONE ${tz}))::bigint AS b,
             sum(energy_wh) AS wh,
             sum(temp_sum) / nullif(sum(temp_n), 0) AS temp
      FROM sample_days
      WHERE ${sql.join(filters, sql` AND `)}
      GROUP BY 1
      ORDER BY 1`);
    return toBuckets(result);
  }

  return {
    /**
     * Inserts many samples as one JSON parameter per statement (instead of eight parameters
     * per row), then computes their day totals once, so a year of a home takes seconds.
     */
    async insertHistory(devId: string, list: GatewaySample[]): Promise<void> {
      if (list.length === 0) return;
      for (let i = 0; i < list.length; i += INSERT_BATCH) {
        const rows = list.slice(i, i + INSERT_BATCH).map((s) => ({
          type: s.type,
          addr: s.addr,
          t: s.t,
          counter: s.counter,
          temp: s.temp === undefined ? null : Number(s.temp),
          max: s.max ?? null,
          min: s.min ?? null,
        }));
        await db.execute(sql`
          INSERT INTO samples (dev_id, type, addr, t, counter, temp, max, min)
          SELECT ${devId}, u.type, u.addr, u.t, u.counter, u.temp, u.max, u.min
          FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS u(type text, addr int, t bigint, counter float8, temp float8, max float8, min float8)
          ON CONFLICT DO NOTHING`);
      }
      let from = Infinity;
      let to = -Infinity;
      for (const s of list) {
        if (s.t < from) from = s.t;
        if (s.t > to) to = s.t;
      }
      await days.refresh(devId, await days.homeZone(devId), from - 86_400, to);
    },
    async hasAny(devId: string): Promise<boolean> {
      const result = await db.execute(sql`SELECT 1 FROM samples WHERE dev_id = ${devId} LIMIT 1`);
      return (result as unknown as { rows: unknown[] }).rows.length > 0;
    },
    /**
     * Energy per bucket sums the counter's rise between consecutive samples of each node,
     * dated at the earlier sample; a counter that fell was reset, so its new reading is the
     * energy since the reset (as the app's counterDeltas does).
     */
    async buckets(
      scope: SampleScope,
      start: number,
      end: number,
      group: SampleGroup,
      tz: string,
    ): Promise<SampleBucket[]> {
      if (scope.devIds.length === 0) return [];
      if ((group === 'day' || group === 'month') && (await daysCover(scope, start, end, tz)))
        return fromDays(scope, start, end, group, tz);
      const filters: SQL[] = [
        sql`dev_id IN (${sql.join(
          scope.devIds.map((d) => sql`${d}`),
          sql`, `,
        )})`,
        sql`t >= ${start}`,
        sql`t < ${end + LOOKAHEAD_S}`,
      ];
      if (scope.type !== undefined) filters.push(sql`type = ${scope.type}`);
      if (scope.addr !== undefined) filters.push(sql`addr = ${scope.addr}`);
      const result = await db.execute(sql`
        WITH s AS (
          SELECT t, temp, counter,
                 lead(counter) OVER (PARTITION BY dev_id, type, addr ORDER BY t) AS next_counter
          FROM samples
          WHERE ${sql.join(filters, sql` AND `)}
        )
        SELECT ${bucketExpr(group, tz)} AS b,
               sum(CASE WHEN s.next_counter IS NULL THEN 0
                        WHEN s.next_counter >= s.counter THEN s.next_counter - s.counter
                        ELSE s.next_counter END) AS wh,
               avg(s.temp) AS temp
        FROM s
        WHERE s.t < ${end}
        GROUP BY 1
        ORDER BY 1`);
      return toBuckets(result);
    },
  };
}
export type SamplesAggregateRepository = ReturnType<typeof createSamplesAggregateRepository>;
