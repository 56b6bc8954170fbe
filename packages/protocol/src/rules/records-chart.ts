import {
  CHART_EMPTY_Y_MAX,
  CHART_Y_MAX_FACTOR,
  CHART_ZERO_BAR_FRACTION,
  DAY_CHART_HOURS,
  DAY_CHART_LABEL_EVERY_HOURS,
  MONTH_CHART_LABEL_EVERY_DAYS,
  QUARTER_HOUR_MINUTES,
  QUARTER_HOURS_PER_DAY,
  SAMPLE_CACHE_CURRENT_MONTH_MS,
  SAMPLE_CACHE_PAST_MONTH_MS,
  TEMP_AXIS_MAX_C,
  TEMP_AXIS_MIN_C,
  TEMP_AXIS_STEP_C,
  YEAR_CHART_MONTHS,
} from './constants';
import {
  daysInMonth,
  type CalendarDate,
  type RecordsPeriod,
  type ZonedParts,
} from './records-period';

/** Spec 3 §9: 24 hours (96 quarter hours in the detailed power form), the month's days, or the months so far. */
export function bucketCount(p: RecordsPeriod, today: CalendarDate, detailed = false): number {
  if (p.scope === 'day') return detailed ? QUARTER_HOURS_PER_DAY : DAY_CHART_HOURS;
  if (p.scope === 'month') return daysInMonth(p.year, p.month);
  return p.year === today.year ? today.month : YEAR_CHART_MONTHS;
}

/** Which bucket a local time falls in, or undefined outside the period. */
export function bucketIndex(
  p: RecordsPeriod,
  at: ZonedParts,
  detailed = false,
): number | undefined {
  if (at.y !== p.year) return undefined;
  if (p.scope === 'year') return at.n - 1;
  if (at.n !== p.month) return undefined;
  if (p.scope === 'month') return at.d - 1;
  if (at.d !== p.day) return undefined;
  return detailed ? quarterHourIndex(at.h, at.m) : at.h;
}

export function quarterHourIndex(h: number, m: number): number {
  return h * (60 / QUARTER_HOUR_MINUTES) + Math.floor(m / QUARTER_HOUR_MINUTES);
}

export interface ChartLabel {
  /** "HH:mm" for a day, the day number for a month, the month number 1–12 for a year (the app names it). */
  label: string;
  shown: boolean;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Spec 3 §9 label spacing: every 4 h on a day, every 4th day from day 1 on a month, every month on a year. */
export function chartLabels(p: RecordsPeriod, today: CalendarDate, detailed = false): ChartLabel[] {
  const count = bucketCount(p, today, detailed);
  return Array.from({ length: count }, (_, i) => {
    if (p.scope === 'day') {
      const minutes = i * (detailed ? QUARTER_HOUR_MINUTES : 60);
      return {
        label: `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`,
        shown: minutes % (DAY_CHART_LABEL_EVERY_HOURS * 60) === 0,
      };
    }
    if (p.scope === 'month')
      return { label: String(i + 1), shown: i % MONTH_CHART_LABEL_EVERY_DAYS === 0 };
    return { label: String(i + 1), shown: true };
  });
}

/** Spec 3 §9: 1.2 × the peak, or 0.1 when there is nothing to show. */
export function consumptionAxisMax(values: readonly (number | null | undefined)[]): number {
  const peak = peakOf(values);
  return peak > 0 ? peak * CHART_Y_MAX_FACTOR : CHART_EMPTY_Y_MAX;
}

export function peakOf(values: readonly (number | null | undefined)[]): number {
  return values.reduce<number>((max, v) => (typeof v === 'number' && v > max ? v : max), 0);
}

/** Spec 3 §9: a zero is drawn as 1 % of the peak so the bar stays visible; empty stays empty. */
export function barValue(value: number | null | undefined, peak: number): number | null {
  if (value === null || value === undefined) return null;
  return value === 0 ? peak * CHART_ZERO_BAR_FRACTION : value;
}

/** Spec 3 §9: temperature axis 0–40 °C every 10. */
export function temperatureAxisTicks(): number[] {
  const ticks: number[] = [];
  for (let t = TEMP_AXIS_MIN_C; t <= TEMP_AXIS_MAX_C; t += TEMP_AXIS_STEP_C) ticks.push(t);
  return ticks;
}

/** A sample after conversion of t from seconds to ms (spec 3 §3). Counter is cumulative Wh. */
export interface CounterSample {
  t: number;
  counter: number | string;
}

export function sampleTimeMs(tSeconds: number): number {
  return tSeconds * 1000;
}

/**
 * Energy between consecutive samples, in Wh, dated at the earlier sample (the interval it opens).
 * A counter that goes down was reset, so the new reading itself is the energy since the reset:
 * never negative.
 */
export function counterDeltas(samples: readonly CounterSample[]): { t: number; wh: number }[] {
  const sorted = samples
    .map((s) => ({ t: s.t, c: Number(s.counter) }))
    .filter((s) => Number.isFinite(s.c))
    .sort((a, b) => a.t - b.t);
  const out: { t: number; wh: number }[] = [];
  for (let i = 1; i < sorted.length; i += 1) {
    const prev = sorted[i - 1] as { t: number; c: number };
    const cur = sorted[i] as { t: number; c: number };
    out.push({ t: prev.t, wh: cur.c >= prev.c ? cur.c - prev.c : Math.max(0, cur.c) });
  }
  return out;
}

/** kWh per bucket; a bucket no interval falls into is null (drawn empty, not as zero). */
export function consumptionPerBucket(
  samples: readonly CounterSample[],
  bucketOf: (tMs: number) => number | undefined,
  count: number,
): (number | null)[] {
  const out: (number | null)[] = Array<number | null>(count).fill(null);
  for (const { t, wh } of counterDeltas(samples)) {
    const i = bucketOf(t);
    if (i === undefined || i < 0 || i >= count) continue;
    out[i] = (out[i] ?? 0) + wh / 1000;
  }
  return out;
}

/** Mean temperature per bucket; null where no sample carries one. */
export function temperaturePerBucket(
  samples: readonly { t: number; temp?: number | string | null | undefined }[],
  bucketOf: (tMs: number) => number | undefined,
  count: number,
): (number | null)[] {
  const sum = Array<number>(count).fill(0);
  const n = Array<number>(count).fill(0);
  for (const s of samples) {
    if (s.temp === undefined || s.temp === null || s.temp === '') continue;
    const v = Number(s.temp);
    const i = bucketOf(s.t);
    if (!Number.isFinite(v) || i === undefined || i < 0 || i >= count) continue;
    sum[i] = (sum[i] ?? 0) + v;
    n[i] = (n[i] ?? 0) + 1;
  }
  return sum.map((s, i) => ((n[i] ?? 0) > 0 ? s / (n[i] ?? 1) : null));
}

/** Spec 3 §3: samples are cached per node keyed year-month. */
export function sampleCacheKey(year: number, month: number): string {
  return `${year}-${pad2(month)}`;
}

/** Spec 3 §4: a past month's samples stay valid 7 days, the current month's 15 minutes. */
export function isSampleCacheValid(
  entry: { year: number; month: number; fetchedAt: number },
  now: number,
  today: CalendarDate,
): boolean {
  const past = entry.year < today.year || (entry.year === today.year && entry.month < today.month);
  const ttl = past ? SAMPLE_CACHE_PAST_MONTH_MS : SAMPLE_CACHE_CURRENT_MONTH_MS;
  return now >= entry.fetchedAt && now - entry.fetchedAt < ttl;
}
