import { sql } from 'drizzle-orm';
import type { GatewaySample } from '@hearth/protocol';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { demoGatewayHistory, type DemoNode } from './demo-gateway-history';
import type { SamplesAggregateRepository } from './samples-aggregate.repository';

export type { DemoNode } from './demo-gateway-history';

export const DEMO_PRESET_NODES: Record<'house' | 'flat', DemoNode[]> = {
  house: [
    { type: 'htr', addr: 1, name: 'Living room', ratedPowerW: 1500 },
    { type: 'htr', addr: 2, name: 'Kitchen', ratedPowerW: 1000 },
    { type: 'htr', addr: 3, name: 'Bedroom', ratedPowerW: 1000, mode: 'manual', stemp: 19 },
    { type: 'acm', addr: 4, name: 'Hall storage heater', ratedPowerW: 2550 },
    { type: 'pmo', addr: 5, name: 'Main meter' },
  ],
  flat: [
    { type: 'htr', addr: 1, name: 'Living room', ratedPowerW: 1250 },
    { type: 'htr', addr: 2, name: 'Bedroom', ratedPowerW: 750, mode: 'manual', stemp: 19 },
    { type: 'pmo', addr: 3, name: 'Main meter' },
  ],
};

/**
 * The gateways report every 30 s. A year at that rate is 8 million rows for the two demo
 * homes, minutes to seed; the records screens need quarter hours at most (the 96-bar day
 * view), so the year is kept at 15 minutes and only the last day at the report interval.
 */
export const DEMO_HISTORY_INTERVAL_S = 900;
export const DEMO_RECENT_INTERVAL_S = 30;
const DAY_S = 86_400;
const YEAR_S = 365 * DAY_S;

export interface DemoGateway {
  devId: string;
  preset: 'house' | 'flat';
  timezone: string;
}

/** The last counter stored for each node of a gateway, by `${type}/${addr}`. */
async function lastCounters(db: Db, devId: string): Promise<Record<string, number>> {
  const result = await db.execute(sql`
    SELECT DISTINCT ON (type, addr) type, addr, counter FROM samples
    WHERE dev_id = ${devId} ORDER BY type, addr, t DESC`);
  const rows = (
    result as unknown as { rows: Array<{ type: string; addr: number; counter: number }> }
  ).rows;
  return Object.fromEntries(rows.map((r) => [`${r.type}/${r.addr}`, Number(r.counter)]));
}

/*
 * The older part goes in a local day at a time (about 500 samples, made when stored) with a
 * pause between: PGlite runs in the server's own thread, so one big statement would hold every
 * request up for seconds. Measured on 2 cores: with a week at a time a page took 0.4–1 s to
 * answer while the year was stored (5.9 s for the house); with a day, 0.08–0.2 s (7.5 s for
 * the house). A shutdown stops it between two days.
 */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface DemoHistory<G> {
  /** The gateways with their nodes and the counters the stored history ends at. */
  gateways: Array<G & { nodes: DemoNode[] }>;
  /** Resolves when the older part of a first seeding is stored (at once otherwise). */
  rest: Promise<void>;
  /** Stops storing the older part (at the next chunk); `rest` then resolves. */
  stop(): void;
}

/**
 * A year of history for each demo gateway that has none yet (the first start): 15-minute
 * samples up to a day ago, then 30-second ones up to now, from the device model the simulated
 * gateways run, in the home's zone (demo-gateway-history.ts). The last day is stored before
 * this resolves, so the simulated gateways continue from its counters (about 2 s of CPU on
 * PGlite for both demo homes, account included, plus 1.3 s to simulate the year's days for
 * the counters the last day starts from, measured on 2 busy cores). The year before it (about
 * 280,000 samples, some 14 s of CPU on PGlite) is stored in the background, a day at a time,
 * so that the server starts at once and keeps answering meanwhile. Only days before the live
 * samples' day are touched by that, so the two never meet.
 */
export async function seedDemoHistory<G extends DemoGateway>(
  db: Db,
  aggregates: SamplesAggregateRepository,
  gateways: G[],
  log: Logger,
  nowS = Math.floor(Date.now() / 1000),
): Promise<DemoHistory<G>> {
  const out: Array<G & { nodes: DemoNode[] }> = [];
  const older: Array<{ devId: string; days: Iterable<GatewaySample[]> }> = [];
  for (const [i, g] of gateways.entries()) {
    const nodes = DEMO_PRESET_NODES[g.preset];
    if (!(await aggregates.hasAny(g.devId))) {
      const started = performance.now();
      const to = nowS - (nowS % DEMO_RECENT_INTERVAL_S);
      const dayAgo = to - DAY_S;
      const history = demoGatewayHistory({
        devId: g.devId,
        nodes,
        seed: i + 1,
        timezone: g.timezone,
        fromS: to - YEAR_S,
        seamS: dayAgo - (dayAgo % DEMO_HISTORY_INTERVAL_S),
        toS: to,
        coarseS: DEMO_HISTORY_INTERVAL_S,
        fineS: DEMO_RECENT_INTERVAL_S,
      });
      await aggregates.insertHistory(g.devId, history.recent);
      older.push({ devId: g.devId, days: history.olderDays() });
      log.info(
        {
          devId: g.devId,
          samples: history.recent.length,
          ms: Math.round(performance.now() - started),
        },
        'demo history: last day seeded',
      );
    }
    const counters = await lastCounters(db, g.devId);
    out.push({
      ...g,
      nodes: nodes.map((n) => {
        const counterWh = counters[`${n.type}/${n.addr}`];
        return counterWh === undefined ? { ...n } : { ...n, counterWh };
      }),
    });
  }
  let stopped = false;
  const rest = (async () => {
    for (const { devId, days } of older) {
      const started = performance.now();
      let samples = 0;
      for (const day of days) {
        if (stopped) break;
        await aggregates.insertHistory(devId, day);
        samples += day.length;
        await yieldToRequests();
      }
      log.info(
        { devId, samples, ms: Math.round(performance.now() - started), stopped },
        'demo history: year seeded',
      );
    }
  })().catch((err: unknown) => log.warn({ err }, 'demo history: the year could not be stored'));
  return {
    gateways: out,
    rest,
    stop: () => {
      stopped = true;
    },
  };
}
