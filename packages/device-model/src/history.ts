import type { GatewaySample } from '@hearth/protocol';
import { GatewayModel } from './model';
import { createNodes } from './node';
import { createRng } from './rng';
import type { NodeSpec } from './types';

export interface HistoryOptions {
  nodes: NodeSpec[];
  from: Date | number;
  to: Date | number;
  /** Seconds between samples, e.g. 900. */
  intervalS: number;
  seed?: number;
  timezone?: string;
  outdoorTemp?: number;
  devId?: string;
}

/** Coarser physics steps than live gateways: still stable (thermal.ts) and fast enough for years. */
export const HISTORY_STEP_S = 300;
/** Outdoor swing over the year, °C around the mean; coldest mid-January. */
const SEASONAL_SWING_C = 7;
const YEAR_MS = 365.25 * 86_400_000;
/** Mean outdoor temperature of generated history, °C, unless one is given. */
export const HISTORY_OUTDOOR_MEAN_C = 10;

/** The outdoor temperature of generated history at `ms`: `meanC` give or take the season. */
export function seasonalOutdoorC(ms: number, meanC: number = HISTORY_OUTDOOR_MEAN_C): number {
  const phase = (2 * Math.PI * ((ms % YEAR_MS) - 15 * 86_400_000)) / YEAR_MS;
  return meanC - SEASONAL_SWING_C * Math.cos(phase);
}

/**
 * Past samples of the given nodes, produced by the same model as live gateways, with
 * counters starting at each node's counterWh (default 0). The last sample of each node
 * is a good counterWh for the live gateway that continues the story.
 */
export function generateHistory(o: HistoryOptions): GatewaySample[] {
  const from = +o.from;
  const to = +o.to;
  if (!(o.intervalS > 0) || !(to >= from))
    throw new Error('history needs intervalS > 0 and to >= from');
  const devId = o.devId ?? '5100000000000000ff';
  const nodes = createNodes(devId, o.nodes, createRng(o.seed ?? 0));
  for (const [i, n] of nodes.entries()) n.energyWh = o.nodes[i]?.counterWh ?? 0;
  const meanC = o.outdoorTemp ?? HISTORY_OUTDOOR_MEAN_C;
  const model = new GatewayModel({
    devId,
    timezone: o.timezone ?? 'UTC',
    outdoorC: meanC,
    nodes,
    startMs: from,
    seed: o.seed ?? 0,
  });
  const step = Math.min(HISTORY_STEP_S, o.intervalS);
  const out: GatewaySample[] = [];
  for (let t = from; t <= to; t += o.intervalS * 1000) {
    model.outdoorC = seasonalOutdoorC(t, meanC);
    model.advanceTo(t, step);
    out.push(...model.samples());
  }
  return out;
}
