import type { GatewaySample } from '@hearth/protocol';
import { zonedParts, zonedWallToMs } from '@hearth/protocol';
import { HISTORY_OUTDOOR_MEAN_C } from './history';
import {
  localDayIndex,
  localDayStartMs,
  simulateDay,
  type DayRunOptions,
  type DaySeries,
} from './history-day';
import type { SimNode } from './node';

/**
 * History of a gateway on demand: any range, computed day by day (history-day.ts) when asked
 * and always the same. Counters are the sum of whole days' energy from a fixed epoch, so they
 * rise monotonically and read the same at the same instant whatever range was asked.
 */

/** What every counter reads at the epoch, Wh: enough that counting back a year stays positive. */
export const HISTORY_EPOCH_COUNTER_WH = 100_000_000;
/** Days whose samples are kept after a query (a day's samples are remade when asked again). */
const KEPT_DAYS = 8;

export interface LazyHistoryOptions {
  devId: string;
  /** The gateway's nodes as set up (programmes, modes, set points); copied, never changed. */
  nodes: readonly SimNode[];
  /** The home's zone: days, programmes and charging hours follow its wall clock. */
  timezone: string;
  /** Counters read `epochCounterWh` at the start of the local day holding this instant. */
  epochMs: number;
  epochCounterWh?: number;
  /** Seconds between samples (default 900). */
  intervalS?: number;
  seed?: number;
  /** Mean outdoor temperature of the year, °C. */
  outdoorMeanC?: number;
}

/** A bucket of group=day|month, as the server aggregates stored samples. */
export interface HistoryBucket {
  /** Start of the bucket (local midnight), ms. */
  startMs: number;
  /** Energy used in the bucket, Wh: rises between consecutive samples, dated at the earlier. */
  energyWh: number;
  /** Mean reported temperature of the bucket's samples, °C; null for a power monitor. */
  tempC: number | null;
}

interface DaySummary {
  totalWh: number[];
  tempSum: number[];
  tempN: number[];
}

const round10 = (wh: number) => Math.round(wh * 10) / 10;

function summarise(day: DaySeries): DaySummary {
  const temps = day.nodes.map((n) => (n.temp ?? []).map(Number));
  return {
    totalWh: day.totalWh,
    tempSum: temps.map((list) => list.reduce((a, b) => a + b, 0)),
    tempN: temps.map((list) => list.length),
  };
}

export type LazyHistory = ReturnType<typeof createLazyHistory>;

export function createLazyHistory(o: LazyHistoryOptions) {
  const intervalS = o.intervalS ?? 900;
  if (!(intervalS > 0) || 86_400 % intervalS !== 0)
    throw new Error('history needs an intervalS that divides a day, e.g. 900');
  const intervalMs = intervalS * 1000;
  const nodes = o.nodes.filter((n) => n.installed);
  const keys = nodes.map((n) => `${n.type}/${n.addr}`);
  const run: DayRunOptions = {
    devId: o.devId,
    timezone: o.timezone,
    seed: o.seed ?? 0,
    nodes,
    intervalS,
    outdoorMeanC: o.outdoorMeanC ?? HISTORY_OUTDOOR_MEAN_C,
  };
  const epochDay = localDayIndex(o.epochMs, o.timezone);
  const epochBase = nodes.map(() => o.epochCounterWh ?? HISTORY_EPOCH_COUNTER_WH);
  const summaries = new Map<number, DaySummary>();
  const kept = new Map<number, DaySeries>();
  /** Counters at the start of day epochDay + i, and of day epochDay - j. */
  const forward: number[][] = [epochBase];
  const backward: number[][] = [epochBase];

  function day(index: number): DaySeries {
    const cached = kept.get(index);
    if (cached) {
      kept.delete(index);
      kept.set(index, cached);
      return cached;
    }
    const series = simulateDay(run, index);
    if (!summaries.has(index)) summaries.set(index, summarise(series));
    kept.set(index, series);
    if (kept.size > KEPT_DAYS) kept.delete(kept.keys().next().value ?? index);
    return series;
  }

  function summary(index: number): DaySummary {
    return summaries.get(index) ?? (day(index), summaries.get(index)!);
  }

  /** Counters (Wh, not rounded) at the start of local day `index`. */
  function base(index: number): number[] {
    if (index >= epochDay) {
      for (let i = forward.length - 1; i < index - epochDay; i++) {
        const total = summary(epochDay + i).totalWh;
        forward.push(forward[i]!.map((b, k) => b + (total[k] ?? 0)));
      }
      return forward[index - epochDay]!;
    }
    for (let j = backward.length; j <= epochDay - index; j++) {
      const total = summary(epochDay - j).totalWh;
      backward.push(backward[j - 1]!.map((b, k) => b - (total[k] ?? 0)));
    }
    return backward[epochDay - index]!;
  }

  function nodeIndex(type: string, addr: number): number {
    const k = keys.indexOf(`${type}/${addr}`);
    if (k < 0) throw new Error(`the history has no node ${type}/${addr}`);
    return k;
  }

  /** The reported counter (Wh, to 0.1) of node k at a sample time on the grid. */
  function counterAt(k: number, ms: number): number {
    const index = localDayIndex(ms, o.timezone);
    // A day's first sample reads the day's starting counters: no need to simulate the day.
    if (ms === localDayStartMs(index, o.timezone)) return round10(base(index)[k] ?? 0);
    const d = day(index);
    const i = d.t.indexOf(ms / 1000);
    if (i < 0) throw new Error(`no sample at ${ms}`);
    return round10((base(index)[k] ?? 0) + (d.nodes[k]?.energyWh[i] ?? 0));
  }

  const gridAtOrAfter = (ms: number) => Math.ceil(ms / intervalMs) * intervalMs;

  /** Samples of one node (or of all) from `fromMs` to `toMs` inclusive, in time order. */
  function samples(fromMs: number, toMs: number, node?: { type: string; addr: number }) {
    const only = node === undefined ? null : nodeIndex(node.type, node.addr);
    const out: GatewaySample[] = [];
    if (!(toMs >= fromMs)) return out;
    const last = localDayIndex(toMs, o.timezone);
    for (let index = localDayIndex(fromMs, o.timezone); index <= last; index++) {
      const d = day(index);
      const counters = base(index);
      for (const [i, t] of d.t.entries()) {
        if (t * 1000 < fromMs || t * 1000 > toMs) continue;
        for (const [k, n] of nodes.entries()) {
          if (only !== null && k !== only) continue;
          const s = d.nodes[k];
          if (!s) continue;
          const counter = round10((counters[k] ?? 0) + (s.energyWh[i] ?? 0));
          out.push(
            n.kind === 'meter'
              ? {
                  type: n.type,
                  addr: n.addr,
                  t,
                  counter,
                  max: s.max?.[i] ?? 0,
                  min: s.min?.[i] ?? 0,
                }
              : { type: n.type, addr: n.addr, t, counter, temp: s.temp?.[i] ?? '' },
          );
        }
      }
    }
    return out;
  }

  /** Energy and mean temperature of node k's samples in [a, b) up to `lastMs`, as the server sums them. */
  function bucket(k: number, a: number, b: number, lastMs: number) {
    const first = gridAtOrAfter(a);
    const energyWh = counterAt(k, Math.min(gridAtOrAfter(b), lastMs)) - counterAt(k, first);
    let tempSum = 0;
    let tempN = 0;
    const until = Math.min(b - 1, lastMs);
    for (let index = localDayIndex(first, o.timezone); ; index++) {
      const startMs = localDayStartMs(index, o.timezone);
      if (startMs > until) break;
      const endMs = localDayStartMs(index + 1, o.timezone);
      if (startMs >= a && endMs - 1 <= until) {
        const s = summary(index);
        tempSum += s.tempSum[k] ?? 0;
        tempN += s.tempN[k] ?? 0;
        continue;
      }
      const d = day(index);
      for (const [i, t] of d.t.entries()) {
        const temp = d.nodes[k]?.temp?.[i];
        if (temp === undefined || t * 1000 < a || t * 1000 > until) continue;
        tempSum += Number(temp);
        tempN += 1;
      }
    }
    return { energyWh: round10(energyWh), tempC: tempN > 0 ? tempSum / tempN : null };
  }

  /**
   * One node's buckets of local days or months of `timeZone` over [startMs, endMs), with the
   * samples up to `untilMs` (now): each named by its local midnight, only those with samples.
   */
  function buckets(
    node: { type: string; addr: number },
    group: 'day' | 'month',
    startMs: number,
    endMs: number,
    timeZone: string,
    untilMs: number,
  ): HistoryBucket[] {
    const k = nodeIndex(node.type, node.addr);
    const lastMs = Math.floor(untilMs / intervalMs) * intervalMs;
    const out: HistoryBucket[] = [];
    const p = zonedParts(startMs, timeZone);
    let from = { y: p.y, n: p.n, d: group === 'month' ? 1 : p.d, h: 0, m: 0 };
    let bucketStart = zonedWallToMs(from, timeZone);
    while (bucketStart < endMs) {
      const next = group === 'month' ? { ...from, n: from.n + 1 } : { ...from, d: from.d + 1 };
      const nextStart = zonedWallToMs(next, timeZone);
      const a = Math.max(bucketStart, startMs);
      const b = Math.min(nextStart, endMs);
      if (gridAtOrAfter(a) < b && gridAtOrAfter(a) <= lastMs)
        out.push({ startMs: bucketStart, ...bucket(k, a, b, lastMs) });
      const q = zonedParts(nextStart, timeZone);
      from = { y: q.y, n: q.n, d: q.d, h: 0, m: 0 };
      bucketStart = nextStart;
    }
    return out;
  }

  return { keys, samples, buckets };
}
