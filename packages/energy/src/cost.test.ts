import { describe, expect, it } from 'vitest';
import { costByPeriod, costIntervals, monthToDate, type EnergyInterval } from './cost';
import type { TariffHistory } from './tariff';

const TZ = 'Europe/Madrid';
const H = 3_600_000;
const at = (iso: string) => Date.parse(iso);

/** 1 kWh in each UTC hour over [from, to). */
function hourly(from: number, to: number, kwh = 1): EnergyInterval[] {
  const out: EnergyInterval[] = [];
  for (let t = from; t < to; t += H) out.push({ start: t, end: t + H, kwh });
  return out;
}

const flatThenDearer: TariffHistory = {
  currency: 'EUR',
  timeZone: TZ,
  tariffs: [
    { kind: 'flat', validFrom: at('2026-01-01T00:00:00+01:00'), pricePerKwh: 0.2 },
    { kind: 'flat', validFrom: at('2026-10-15T00:00:00+02:00'), pricePerKwh: 0.3 },
  ],
};

describe('cost of consumption', () => {
  it('keeps the old price for intervals before a tariff change', () => {
    const [before, after] = costIntervals(flatThenDearer, [
      { start: at('2026-10-14T10:00:00+02:00'), end: at('2026-10-14T11:00:00+02:00'), kwh: 2 },
      { start: at('2026-10-15T10:00:00+02:00'), end: at('2026-10-15T11:00:00+02:00'), kwh: 2 },
    ]);
    expect(before?.cost).toBeCloseTo(0.4, 12);
    expect(after?.cost).toBeCloseTo(0.6, 12);
  });

  it('prices an interval across the change in proportion to its time', () => {
    const [c] = costIntervals(flatThenDearer, [
      { start: at('2026-10-14T23:00:00+02:00'), end: at('2026-10-15T01:00:00+02:00'), kwh: 2 },
    ]);
    expect(c?.cost).toBeCloseTo(0.2 + 0.3, 12);
  });

  it('counts the 25-hour day when summer time ends as one day, split at local midnight', () => {
    const from = at('2026-10-24T00:00:00+02:00');
    const to = at('2026-10-27T00:00:00+01:00');
    const days = costByPeriod(flatThenDearer, hourly(from, to), 'day');
    expect(days.map((d) => [d.key, d.kwh])).toEqual([
      ['2026-10-24', 24],
      ['2026-10-25', 25],
      ['2026-10-26', 24],
    ]);
    expect(days[1]?.cost).toBeCloseTo(25 * 0.3, 10);
    const months = costByPeriod(flatThenDearer, hourly(from, to), 'month');
    expect(months.map((m) => m.key)).toEqual(['2026-10']);
    expect(months[0]?.cost).toBeCloseTo(73 * 0.3, 10);
  });

  it('splits a sample across midnight between its days and years', () => {
    const i = {
      start: at('2026-12-31T23:00:00+01:00'),
      end: at('2027-01-01T01:00:00+01:00'),
      kwh: 4,
    };
    expect(costByPeriod(flatThenDearer, [i], 'year').map((y) => [y.key, y.kwh])).toEqual([
      ['2026', 2],
      ['2027', 2],
    ]);
  });

  it('keeps energy with no price apart instead of calling it free', () => {
    const [c] = costIntervals(flatThenDearer, [
      { start: at('2025-12-31T23:00:00+01:00'), end: at('2026-01-01T01:00:00+01:00'), kwh: 2 },
    ]);
    expect(c?.unpricedKwh).toBeCloseTo(1, 12);
    expect(c?.cost).toBeCloseTo(0.2, 12);
  });

  it('rejects an interval that ends before it starts or has negative energy', () => {
    expect(() => costIntervals(flatThenDearer, [{ start: 10, end: 5, kwh: 1 }])).toThrow(
      RangeError,
    );
    expect(() => costIntervals(flatThenDearer, [{ start: 0, end: 5, kwh: -1 }])).toThrow(/≥ 0/);
  });
});

describe('month to date and projection', () => {
  const history: TariffHistory = {
    currency: 'EUR',
    timeZone: TZ,
    tariffs: [{ kind: 'flat', validFrom: 0, pricePerKwh: 0.25 }],
  };

  it('projects the rest of the month at the trailing week rate', () => {
    const now = at('2026-01-20T12:00:00+01:00');
    const data = hourly(at('2026-01-01T00:00:00+01:00'), now, 2);
    const p = monthToDate(history, data, now);
    expect(p.key).toBe('2026-01');
    expect(p.basis).toBe('trailing-days');
    expect(p.kwhToDate).toBeCloseTo(2 * (19 * 24 + 12), 9);
    expect(p.projectedKwh).toBeCloseTo(2 * 31 * 24, 9);
    expect(p.projectedCost).toBeCloseTo(0.25 * 2 * 31 * 24, 9);
  });

  it('uses the month so far when less than a week is known, and ignores the future', () => {
    const now = at('2026-02-03T00:00:00+01:00');
    const data = hourly(at('2026-02-01T00:00:00+01:00'), now + 5 * H, 1);
    const p = monthToDate(history, data, now);
    expect(p.basis).toBe('month-to-date');
    expect(p.kwhToDate).toBeCloseTo(48, 9);
    expect(p.projectedKwh).toBeCloseTo(28 * 24, 9);
  });

  it('says so when there is nothing to project from', () => {
    const p = monthToDate(history, [], at('2026-02-03T00:00:00+01:00'));
    expect(p.basis).toBe('none');
    expect(p.projectedCost).toBe(0);
  });
});
