import { deviceClockAt, zonedWallToMs } from '@hearth/protocol';
import { PROJECTION_TRAILING_DAYS } from './constants';
import { nextLocalMidnight, priceSegments, type TariffHistory } from './tariff';

/** Energy used over [start, end): a counter delta between two samples (ms, kWh). */
export interface EnergyInterval {
  start: number;
  end: number;
  kwh: number;
}

/** An interval's cost; energy where no price was known is counted apart, never as free. */
export interface CostedInterval extends EnergyInterval {
  cost: number;
  unpricedKwh: number;
}

export type CostPeriod = 'day' | 'month' | 'year';

/** A day, month or year of the home's calendar (wall time in its zone). */
export interface CostBucket {
  /** `2026-01-05`, `2026-01` or `2026`. */
  key: string;
  start: number;
  end: number;
  kwh: number;
  cost: number;
  unpricedKwh: number;
}

function checkInterval(i: EnergyInterval): void {
  if (!(i.end > i.start) || !Number.isFinite(i.kwh) || i.kwh < 0)
    throw new RangeError(
      `an energy interval needs end after start and a kWh figure ≥ 0 (got ${i.start}–${i.end}, ${i.kwh})`,
    );
}

/**
 * Pieces of an interval with one price each and within one local day; the energy is spread
 * evenly over the interval's time (a sample gives no finer shape).
 */
function pieces(history: TariffHistory, i: EnergyInterval): CostedInterval[] {
  checkInterval(i);
  const out: CostedInterval[] = [];
  let at = i.start;
  while (at < i.end) {
    const dayEnd = Math.min(i.end, nextLocalMidnight(at, history.timeZone));
    for (const s of priceSegments(history, at, dayEnd)) {
      const kwh = (i.kwh * (s.end - s.start)) / (i.end - i.start);
      out.push({
        start: s.start,
        end: s.end,
        kwh,
        cost: s.pricePerKwh === undefined ? 0 : kwh * s.pricePerKwh,
        unpricedKwh: s.pricePerKwh === undefined ? kwh : 0,
      });
    }
    at = dayEnd;
  }
  return out;
}

/** The cost of each interval under the tariff valid at each moment of it. */
export function costIntervals(
  history: TariffHistory,
  intervals: readonly EnergyInterval[],
): CostedInterval[] {
  return intervals.map((i) => {
    const ps = pieces(history, i);
    return {
      ...i,
      cost: ps.reduce((a, p) => a + p.cost, 0),
      unpricedKwh: ps.reduce((a, p) => a + p.unpricedKwh, 0),
    };
  });
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function bucketOf(ms: number, period: CostPeriod, timeZone: string): CostBucket {
  const c = deviceClockAt(ms, timeZone);
  const first = { y: c.y, n: period === 'year' ? 1 : c.n, d: period === 'day' ? c.d : 1 };
  const next = new Date(
    Date.UTC(
      first.y + (period === 'year' ? 1 : 0),
      first.n - 1 + (period === 'month' ? 1 : 0),
      first.d + (period === 'day' ? 1 : 0),
    ),
  );
  const key =
    period === 'year'
      ? String(c.y)
      : period === 'month'
        ? `${c.y}-${pad(c.n)}`
        : `${c.y}-${pad(c.n)}-${pad(c.d)}`;
  return {
    key,
    start: zonedWallToMs({ ...first, h: 0, m: 0 }, timeZone),
    end: zonedWallToMs(
      { y: next.getUTCFullYear(), n: next.getUTCMonth() + 1, d: next.getUTCDate(), h: 0, m: 0 },
      timeZone,
    ),
    kwh: 0,
    cost: 0,
    unpricedKwh: 0,
  };
}

/**
 * Energy and cost per day, month or year of the home's calendar (a 23- or 25-hour day at a DST
 * change is one day). An interval over midnight is split between its days. Buckets ascend; only
 * those with intervals appear.
 */
export function costByPeriod(
  history: TariffHistory,
  intervals: readonly EnergyInterval[],
  period: CostPeriod,
): CostBucket[] {
  const buckets = new Map<string, CostBucket>();
  for (const i of intervals) {
    for (const p of pieces(history, i)) {
      const probe = bucketOf(p.start, period, history.timeZone);
      const b = buckets.get(probe.key) ?? probe;
      b.kwh += p.kwh;
      b.cost += p.cost;
      b.unpricedKwh += p.unpricedKwh;
      buckets.set(b.key, b);
    }
  }
  return [...buckets.values()].sort((a, b) => a.start - b.start);
}

export interface MonthProjection {
  /** The local month holding `now`. */
  key: string;
  start: number;
  end: number;
  kwhToDate: number;
  costToDate: number;
  unpricedKwhToDate: number;
  /** Month-to-date plus the rest of the month at the recent rate of spending. */
  projectedKwh: number;
  projectedCost: number;
  /** Which rate the projection used: the trailing days, the month so far, or none (no data). */
  basis: 'trailing-days' | 'month-to-date' | 'none';
}

/**
 * Month-to-date energy and cost at `now`, and a projection for the whole month: the rest of the
 * month is assumed to cost what the last PROJECTION_TRAILING_DAYS days cost per hour (the month
 * so far while fewer days are known). Intervals after `now` are ignored, one across it is cut.
 */
export function monthToDate(
  history: TariffHistory,
  intervals: readonly EnergyInterval[],
  now: number,
): MonthProjection {
  const month = bucketOf(now, 'month', history.timeZone);
  const trailingStart = now - PROJECTION_TRAILING_DAYS * 86_400_000;
  let kwh = 0;
  let cost = 0;
  let unpriced = 0;
  let trailKwh = 0;
  let trailCost = 0;
  let earliest = Infinity;
  for (const i of intervals) {
    if (i.start >= now) continue;
    const cut =
      i.end > now ? { ...i, end: now, kwh: (i.kwh * (now - i.start)) / (i.end - i.start) } : i;
    for (const p of pieces(history, cut)) {
      earliest = Math.min(earliest, p.start);
      if (p.start >= month.start) {
        kwh += p.kwh;
        cost += p.cost;
        unpriced += p.unpricedKwh;
      }
      if (p.start >= trailingStart) {
        trailKwh += p.kwh;
        trailCost += p.cost;
      }
    }
  }
  const remaining = Math.max(0, month.end - now);
  let basis: MonthProjection['basis'] = 'none';
  let rateKwh = 0;
  let rateCost = 0;
  if (earliest <= trailingStart) {
    basis = 'trailing-days';
    rateKwh = trailKwh / (now - trailingStart);
    rateCost = trailCost / (now - trailingStart);
  } else if (earliest < now) {
    const from = Math.max(earliest, month.start);
    if (now > from) {
      basis = 'month-to-date';
      rateKwh = kwh / (now - from);
      rateCost = cost / (now - from);
    }
  }
  return {
    key: month.key,
    start: month.start,
    end: month.end,
    kwhToDate: kwh,
    costToDate: cost,
    unpricedKwhToDate: unpriced,
    projectedKwh: kwh + rateKwh * remaining,
    projectedCost: cost + rateCost * remaining,
    basis,
  };
}
