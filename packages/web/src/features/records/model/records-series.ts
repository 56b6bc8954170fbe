import {
  bucketCount,
  bucketIndex,
  chartLabels,
  consumptionPerBucket,
  periodRangeMs,
  QUARTER_HOUR_MINUTES,
  sampleTimeMs,
  temperaturePerBucket,
  type CalendarDate,
  type ChartLabel,
  type RecordsPeriod,
  zonedParts,
} from '@hearth/protocol';

/** A sample as the server sends it (t in seconds; counter cumulative Wh). */
export interface WireSample {
  t: number;
  counter?: number | string;
  temp?: number | string | null;
  max?: number | string;
  min?: number | string;
  /** Ours: grouped answers (group=month) carry the bucket's energy in Wh instead of counters. */
  counter_delta?: number;
}

/** kWh per bucket from grouped entries, each already one bucket's energy. */
function groupedPerBucket(
  samples: readonly { t: number; counter_delta?: number }[],
  bucketOf: (tMs: number) => number | undefined,
  count: number,
): (number | null)[] {
  const out: (number | null)[] = Array<number | null>(count).fill(null);
  for (const s of samples) {
    const i = bucketOf(s.t);
    if (i === undefined || i < 0 || i >= count || typeof s.counter_delta !== 'number') continue;
    out[i] = (out[i] ?? 0) + s.counter_delta / 1000;
  }
  return out;
}

export interface RecordsSeries {
  labels: ChartLabel[];
  /** kWh per bucket, or W per quarter hour in the detailed day view; null where nothing was recorded. */
  consumption: (number | null)[];
  /** Mean °C per bucket over the nodes that report one; undefined for power monitors. */
  temperature: (number | null)[] | undefined;
}

function sumBuckets(series: (number | null)[][], count: number): (number | null)[] {
  return Array.from({ length: count }, (_, i) => {
    const present = series.map((s) => s[i]).filter((v): v is number => typeof v === 'number');
    return present.length === 0 ? null : present.reduce((a, b) => a + b, 0);
  });
}

function meanBuckets(series: (number | null)[][], count: number): (number | null)[] {
  return sumBuckets(series, count).map((total, i) => {
    const n = series.filter((s) => typeof s[i] === 'number').length;
    return total === null || n === 0 ? null : total / n;
  });
}

/** Quarter-hour energy as average power: kWh in 15 min × 4 = kW, shown in W. */
const KWH_PER_QUARTER_TO_W = (60 / QUARTER_HOUR_MINUTES) * 1000;

/**
 * Spec 3 §9: consumption per bucket summed over the nodes (each node's counter is its own),
 * temperature averaged; buckets in the home's time zone.
 */
export function buildSeries(
  period: RecordsPeriod,
  today: CalendarDate,
  timeZone: string,
  samplesPerNode: readonly (readonly WireSample[])[],
  options: { detailed: boolean; withTemperature: boolean },
): RecordsSeries {
  const detailed = options.detailed && period.scope === 'day';
  const count = bucketCount(period, today, detailed);
  const partsOf = (ms: number) => zonedParts(ms, timeZone);
  const bucketOf = (tMs: number) => bucketIndex(period, partsOf(tMs), detailed);
  const inMs = samplesPerNode.map((samples) =>
    samples.map((s) => ({ ...s, t: sampleTimeMs(s.t), counter: s.counter ?? '' })),
  );
  let consumption = sumBuckets(
    inMs.map((s) =>
      s.some((x) => x.counter_delta !== undefined)
        ? groupedPerBucket(s, bucketOf, count)
        : consumptionPerBucket(s, bucketOf, count),
    ),
    count,
  );
  if (detailed)
    consumption = consumption.map((v) => (v === null ? null : v * KWH_PER_QUARTER_TO_W));
  const temperature = options.withTemperature
    ? meanBuckets(
        inMs.map((s) => temperaturePerBucket(s, bucketOf, count)),
        count,
      )
    : undefined;
  return { labels: chartLabels(period, today, detailed), consumption, temperature };
}

/** A day or month chart reads its month's raw samples (cached per month); a year, monthly totals. */
export function samplesNeeded(
  period: RecordsPeriod,
): { year: number; month: number }[] | { year: number } {
  return period.scope === 'year'
    ? { year: period.year }
    : [{ year: period.year, month: period.month }];
}

/** [start, end) of a month in seconds, for the samples call. */
export function monthRangeSeconds(
  year: number,
  month: number,
  timeZone: string,
): { start: number; end: number } {
  const r = periodRangeMs({ scope: 'month', year, month }, timeZone);
  return { start: Math.floor(r.start / 1000), end: Math.floor(r.end / 1000) };
}
