import type { Logger } from '../logger';
import { generateHistory, type HistoryNode } from './history-generator';
import type { SamplesAggregateRepository } from './samples-aggregate.repository';

/**
 * The nodes of the demo presets as the simulator numbers them (addresses from 1 in preset
 * order). Server and simulator meet only on the wire, so the list is repeated here.
 */
export const DEMO_PRESET_NODES: Record<'house' | 'flat', HistoryNode[]> = {
  house: [
    { type: 'htr', addr: 1, ratedW: 1500 },
    { type: 'htr', addr: 2, ratedW: 1000 },
    { type: 'htr', addr: 3, ratedW: 1000 },
    { type: 'acm', addr: 4, ratedW: 2550 },
    { type: 'pmo', addr: 5 },
  ],
  flat: [
    { type: 'htr', addr: 1, ratedW: 1250 },
    { type: 'htr', addr: 2, ratedW: 750 },
    { type: 'pmo', addr: 3 },
  ],
};

/** Hourly keeps a year of both demo homes to a few seconds of inserts on PGlite. */
export const DEMO_HISTORY_INTERVAL_S = 3600;
const YEAR_S = 365 * 86_400;

/** A year of history for each demo gateway that has none yet (the first seeding). */
export async function seedDemoHistory(
  aggregates: SamplesAggregateRepository,
  gateways: Array<{ devId: string; preset: 'house' | 'flat' }>,
  log: Logger,
  nowS = Math.floor(Date.now() / 1000),
): Promise<number> {
  let inserted = 0;
  for (const [i, g] of gateways.entries()) {
    if (await aggregates.hasAny(g.devId)) continue;
    const to = nowS - (nowS % DEMO_HISTORY_INTERVAL_S) - DEMO_HISTORY_INTERVAL_S;
    const history = generateHistory({
      nodes: DEMO_PRESET_NODES[g.preset],
      from: to - YEAR_S,
      to,
      intervalS: DEMO_HISTORY_INTERVAL_S,
      seed: i + 1,
    });
    await aggregates.insertHistory(g.devId, history);
    inserted += history.length;
    log.info({ devId: g.devId, samples: history.length }, 'demo history seeded');
  }
  return inserted;
}
