import { describe, expect, test } from 'vitest';
import {
  barValue,
  bucketCount,
  bucketIndex,
  chartLabels,
  consumptionAxisMax,
  consumptionPerBucket,
  counterDeltas,
  isSampleCacheValid,
  quarterHourIndex,
  sampleCacheKey,
  temperatureAxisTicks,
  temperaturePerBucket,
} from './records-chart';

const today = { year: 2026, month: 11, day: 21 };
const day = { scope: 'day', year: 2026, month: 11, day: 21 } as const;

describe('buckets', () => {
  test('counts per scope', () => {
    expect(bucketCount(day, today)).toBe(24);
    expect(bucketCount(day, today, true)).toBe(96);
    expect(bucketCount({ scope: 'month', year: 2024, month: 2 }, today)).toBe(29);
    expect(bucketCount({ scope: 'year', year: 2025 }, today)).toBe(12);
    expect(bucketCount({ scope: 'year', year: 2026 }, today)).toBe(11);
  });
  test('index of a local time', () => {
    const at = { y: 2026, n: 11, d: 21, h: 13, m: 50 };
    expect(bucketIndex(day, at)).toBe(13);
    expect(bucketIndex(day, at, true)).toBe(55);
    expect(bucketIndex(day, { ...at, d: 20 })).toBeUndefined();
    expect(bucketIndex({ scope: 'month', year: 2026, month: 11 }, at)).toBe(20);
    expect(bucketIndex({ scope: 'year', year: 2026 }, at)).toBe(10);
    expect(quarterHourIndex(23, 59)).toBe(95);
  });
  test('labels and their spacing', () => {
    const hours = chartLabels(day, today);
    expect(hours[0]).toEqual({ label: '00:00', shown: true });
    expect(hours[3]).toEqual({ label: '03:00', shown: false });
    expect(hours.filter((l) => l.shown).map((l) => l.label)).toEqual([
      '00:00',
      '04:00',
      '08:00',
      '12:00',
      '16:00',
      '20:00',
    ]);
    const quarters = chartLabels(day, today, true);
    expect(quarters[1]?.label).toBe('00:15');
    expect(quarters.filter((l) => l.shown)).toHaveLength(6);
    const days = chartLabels({ scope: 'month', year: 2026, month: 2 }, today);
    expect(days.filter((l) => l.shown).map((l) => l.label)).toEqual([
      '1',
      '5',
      '9',
      '13',
      '17',
      '21',
      '25',
    ]);
  });
});

describe('axes', () => {
  test('1.2 × the peak, 0.1 when empty', () => {
    expect(consumptionAxisMax([1, 5, null, 2])).toBeCloseTo(6);
    expect(consumptionAxisMax([null, 0, undefined])).toBe(0.1);
    expect(consumptionAxisMax([])).toBe(0.1);
  });
  test('zero drawn as 1 % of the peak', () => {
    expect(barValue(0, 5)).toBeCloseTo(0.05);
    expect(barValue(3, 5)).toBe(3);
    expect(barValue(null, 5)).toBeNull();
  });
  test('temperature ticks', () => {
    expect(temperatureAxisTicks()).toEqual([0, 10, 20, 30, 40]);
  });
});

describe('consumption from counters', () => {
  test('differences of cumulative counters, dated at the interval start', () => {
    expect(
      counterDeltas([
        { t: 2, counter: '1500' },
        { t: 1, counter: 1000 },
        { t: 3, counter: 1600 },
      ]),
    ).toEqual([
      { t: 1, wh: 500 },
      { t: 2, wh: 100 },
    ]);
  });
  test('a counter reset is never negative', () => {
    expect(
      counterDeltas([
        { t: 1, counter: 5000 },
        { t: 2, counter: 40 },
      ]),
    ).toEqual([{ t: 1, wh: 40 }]);
  });
  test('kWh per bucket, null where nothing falls', () => {
    const samples = [0, 1, 2, 3].map((h) => ({ t: h * 3600_000, counter: 1000 + h * 250 }));
    const bucketOf = (t: number): number => Math.floor(t / 3600_000);
    expect(consumptionPerBucket(samples, bucketOf, 5)).toEqual([0.25, 0.25, 0.25, null, null]);
    const twoPerBucket = (t: number): number => Math.floor(t / 7200_000);
    expect(consumptionPerBucket(samples, twoPerBucket, 2)).toEqual([0.5, 0.25]);
  });
  test('mean temperature per bucket', () => {
    const s = [
      { t: 0, temp: '20.0' },
      { t: 1, temp: 22 },
      { t: 10, temp: null },
    ];
    expect(temperaturePerBucket(s, (t) => (t < 5 ? 0 : 1), 2)).toEqual([21, null]);
  });
});

describe('sample cache', () => {
  const now = Date.UTC(2026, 10, 21, 12);
  test('current month valid 15 minutes', () => {
    const entry = { year: 2026, month: 11, fetchedAt: now - 14 * 60_000 };
    expect(isSampleCacheValid(entry, now, today)).toBe(true);
    expect(isSampleCacheValid({ ...entry, fetchedAt: now - 15 * 60_000 }, now, today)).toBe(false);
  });
  test('past month valid 7 days', () => {
    const entry = { year: 2026, month: 10, fetchedAt: now - 6 * 86_400_000 };
    expect(isSampleCacheValid(entry, now, today)).toBe(true);
    expect(isSampleCacheValid({ ...entry, fetchedAt: now - 7 * 86_400_000 }, now, today)).toBe(
      false,
    );
    expect(
      isSampleCacheValid({ year: 2025, month: 12, fetchedAt: now - 3600_000 }, now, today),
    ).toBe(true);
  });
  test('key', () => {
    expect(sampleCacheKey(2026, 3)).toBe('2026-03');
  });
});
