import { zonedParts, zonedWallToMs } from '@hearth/protocol';
import { HISTORY_STEP_S, seasonalOutdoorC } from './history';
import { GatewayModel } from './model';
import type { SimNode } from './node';
import { hashString } from './rng';

/**
 * One local day of history, simulated on its own by the gateway model: the day starts from a
 * state derived from the day alone (never from the days simulated before it), so any day can
 * be produced on demand and always comes out the same.
 */

const DAY_MS = 86_400_000;
/** The model runs this long before the day starts, so rooms and storage settle first. */
export const DAY_WARM_UP_MS = 8 * 3_600_000;
/** Physics step of the warm-up, s: coarser than the day's, still stable (thermal.ts). */
const WARM_UP_STEP_S = 900;
/** Spread of the rooms' starting temperatures around their target, °C. */
const START_SPREAD_C = 0.6;
/** Rooms of heaters that are off start this far above outdoors, °C. */
const UNHEATED_ABOVE_OUTDOOR_C = 2;
/** Storage heaters start the warm-up half charged. */
const START_CHARGE = 0.5;

/** A local date as a whole number of days since 1970-01-01 (the date read as UTC). */
export function localDayIndex(ms: number, timeZone: string): number {
  const p = zonedParts(ms, timeZone);
  return Math.round(Date.UTC(p.y, p.n - 1, p.d) / DAY_MS);
}

/** The instant local midnight starts day `index` in the zone. */
export function localDayStartMs(index: number, timeZone: string): number {
  const date = new Date(index * DAY_MS);
  return zonedWallToMs(
    { y: date.getUTCFullYear(), n: date.getUTCMonth() + 1, d: date.getUTCDate(), h: 0, m: 0 },
    timeZone,
  );
}

export interface DayNodeSeries {
  /** Energy since the day started at each sample, Wh, not rounded. */
  energyWh: number[];
  /** Heaters: the room temperature as a gateway reports it ("20.5"). */
  temp?: string[];
  /** Power monitors: highest and lowest power since the sample before, W. */
  max?: number[];
  min?: number[];
}

export interface DaySeries {
  index: number;
  startMs: number;
  endMs: number;
  /** Sample times, s: the interval's grid from the day's start, before its end. */
  t: number[];
  /** Per node, in the order of the nodes given. */
  nodes: DayNodeSeries[];
  /** Energy of the whole day per node, Wh, not rounded. */
  totalWh: number[];
}

export interface DayRunOptions {
  devId: string;
  timezone: string;
  seed: number;
  /** The nodes as set up; copied, never changed. */
  nodes: readonly SimNode[];
  intervalS: number;
  outdoorMeanC: number;
}

/** A fresh copy of a node with nothing running (no boost, no power drawn, no energy counted). */
function restingCopy(node: SimNode): SimNode {
  const copy = structuredClone(node);
  copy.installed = true;
  copy.lost = false;
  copy.energyWh = 0;
  copy.powerW = 0;
  if (copy.kind === 'meter') {
    copy.minW = 0;
    copy.maxW = 0;
    return copy;
  }
  if (copy.mode === 'boost' || copy.mode === 'runback') copy.mode = copy.resumeMode;
  if (copy.mode === 'modified_auto') copy.mode = 'auto';
  copy.boostEndMs = null;
  copy.boostTempC = null;
  copy.modifiedSlot = null;
  copy.active = false;
  if (copy.storage) copy.storage.chargeWh = copy.storage.capacityWh * START_CHARGE;
  return copy;
}

/** Simulates local day `index` with samples every `intervalS`. */
export function simulateDay(o: DayRunOptions, index: number): DaySeries {
  const startMs = localDayStartMs(index, o.timezone);
  const endMs = localDayStartMs(index + 1, o.timezone);
  const warmUpMs = startMs - DAY_WARM_UP_MS;
  const nodes = o.nodes.map(restingCopy);
  const model = new GatewayModel({
    devId: o.devId,
    timezone: o.timezone,
    outdoorC: seasonalOutdoorC(warmUpMs, o.outdoorMeanC),
    nodes,
    startMs: warmUpMs,
    seed: o.seed,
  });
  for (const h of model.heaters()) {
    const target = model.targetC(h);
    const spread =
      (hashString(`${h.version.uid}|${index}|${o.seed}`) / 4_294_967_296 - 0.5) * START_SPREAD_C;
    h.roomC = (target ?? model.outdoorC + UNHEATED_ABOVE_OUTDOOR_C) + spread;
  }
  for (let t = warmUpMs; t < startMs;) {
    t = Math.min(startMs, t + WARM_UP_STEP_S * 1000);
    model.outdoorC = seasonalOutdoorC(t, o.outdoorMeanC);
    model.advanceTo(t, WARM_UP_STEP_S);
  }
  for (const n of nodes) {
    n.energyWh = 0;
    if (n.kind === 'meter') n.minW = n.maxW = n.powerW;
  }
  const intervalMs = o.intervalS * 1000;
  const step = Math.min(HISTORY_STEP_S, o.intervalS);
  const series: DayNodeSeries[] = nodes.map((n) =>
    n.kind === 'meter' ? { energyWh: [], max: [], min: [] } : { energyWh: [], temp: [] },
  );
  const t: number[] = [];
  for (let at = Math.ceil(startMs / intervalMs) * intervalMs; at < endMs; at += intervalMs) {
    model.outdoorC = seasonalOutdoorC(at, o.outdoorMeanC);
    model.advanceTo(at, step);
    const energies = nodes.map((n) => n.energyWh);
    const samples = model.samples();
    t.push(Math.floor(at / 1000));
    for (const [i, s] of samples.entries()) {
      const out = series[i];
      if (!out) continue;
      out.energyWh.push(energies[i] ?? 0);
      if (s.temp !== undefined) out.temp?.push(s.temp);
      if (s.max !== undefined) out.max?.push(s.max);
      if (s.min !== undefined) out.min?.push(s.min);
    }
  }
  model.outdoorC = seasonalOutdoorC(endMs, o.outdoorMeanC);
  model.advanceTo(endMs, step);
  return { index, startMs, endMs, t, nodes: series, totalWh: nodes.map((n) => n.energyWh) };
}
