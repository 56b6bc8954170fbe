import { sql } from 'drizzle-orm';
import type { EnergyInterval } from '@hearth/energy';
import type { Db } from '../db/client';

/** A counter is read one day past the range so the last interval in it still has its end. */
const LOOKAHEAD_S = 86_400;
/** Samples closer together than this are read as one interval (a quarter hour, as the charts). */
const STEP_S = 900;

export interface HomeNode {
  dev: string;
  type: string;
  addr: number;
  name: string;
}

export interface NodeIntervals extends HomeNode {
  intervals: EnergyInterval[];
}

interface Row {
  dev_id: string;
  type: string;
  addr: number | string;
  name: string | null;
  t0: number | string | null;
  t1: number | string | null;
  wh: number | string | null;
}

/**
 * The energy each node of a home used between its samples in [start, end) (seconds), as
 * intervals in ms and kWh: the counter's rise from a sample to the next (a counter that fell was
 * reset: its new reading is the energy since), samples of one quarter hour merged into one
 * interval from its first sample to the next sample after it. An interval running past `end` is
 * cut there, its energy in proportion. Every node of the home is listed, with or without samples.
 */
export function createEnergyIntervalsRepository(db: Db) {
  return {
    async forHome(groupId: string, start: number, end: number): Promise<NodeIntervals[]> {
      const result = await db.execute(sql`
        WITH s AS (
          SELECT s.dev_id, s.type, s.addr, s.t, s.counter,
                 lead(s.t) OVER w AS nt, lead(s.counter) OVER w AS nc
          FROM samples s JOIN devs d ON d.dev_id = s.dev_id
          WHERE d.group_id = ${groupId} AND s.t >= ${start} AND s.t < ${end + LOOKAHEAD_S}
          WINDOW w AS (PARTITION BY s.dev_id, s.type, s.addr ORDER BY s.t)
        ), q AS (
          SELECT dev_id, type, addr, min(t) AS t0, max(nt) AS t1,
                 sum(CASE WHEN nc >= counter THEN nc - counter ELSE nc END) AS wh
          FROM s WHERE t < ${end} AND nc IS NOT NULL
          GROUP BY dev_id, type, addr, t - t % ${STEP_S}
        )
        SELECT n.dev_id, n.type, n.addr, n.name, q.t0, q.t1, q.wh
        FROM nodes n JOIN devs d ON d.dev_id = n.dev_id
        LEFT JOIN q ON q.dev_id = n.dev_id AND q.type = n.type AND q.addr = n.addr
        WHERE d.group_id = ${groupId}
        ORDER BY n.dev_id, n.type, n.addr, q.t0`);
      const out = new Map<string, NodeIntervals>();
      const endMs = end * 1000;
      for (const r of (result as unknown as { rows: Row[] }).rows) {
        const key = `${r.dev_id}/${r.type}/${r.addr}`;
        let node = out.get(key);
        if (!node) {
          node = {
            dev: r.dev_id,
            type: r.type,
            addr: Number(r.addr),
            name: r.name ?? '',
            intervals: [],
          };
          out.set(key, node);
        }
        if (r.t0 === null || r.t1 === null || r.wh === null) continue;
        const from = Number(r.t0) * 1000;
        const to = Number(r.t1) * 1000;
        const kwh = Number(r.wh) / 1000;
        if (!(to > from) || !(kwh >= 0)) continue;
        const cut = Math.min(to, endMs);
        node.intervals.push({ start: from, end: cut, kwh: (kwh * (cut - from)) / (to - from) });
      }
      return [...out.values()];
    },
  };
}
export type EnergyIntervalsRepository = ReturnType<typeof createEnergyIntervalsRepository>;
