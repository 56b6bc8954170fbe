import { describe, expect, it } from 'vitest';
import { zonedParts } from '@hearth/protocol';
import { createLazyHistory, HISTORY_EPOCH_COUNTER_WH } from './lazy-history';
import { createNodes, PRESETS } from './node';
import { createRng } from './rng';

const DAY_MS = 86_400_000;
const devId = '5100000000000000ff';
const zone = 'Europe/Madrid';
/** Local midnight of 1 March 2026 in Madrid (UTC+1). */
const epochMs = Date.UTC(2026, 1, 28, 23);

const history = (epoch = epochMs) =>
  createLazyHistory({
    devId,
    nodes: createNodes(devId, PRESETS.house, createRng(3)),
    timezone: zone,
    epochMs: epoch,
    seed: 3,
  });

const HTR = { type: 'htr', addr: 1 };
const ACM = { type: 'acm', addr: 4 };
const PMO = { type: 'pmo', addr: 5 };

describe('history on demand', () => {
  it('answers the same samples at the same times whatever range was asked, in any order', () => {
    const from = epochMs + 2 * DAY_MS + 3 * 3_600_000;
    const a = history().samples(from, from + 2 * DAY_MS, HTR);
    const b = history();
    // Another history that first computed later days, then a wider range.
    b.samples(from + 5 * DAY_MS, from + 6 * DAY_MS);
    const wide = b.samples(from - DAY_MS, from + 3 * DAY_MS, HTR);
    const common = wide.filter((s) => s.t >= a[0]!.t && s.t <= a.at(-1)!.t);
    expect(common).toEqual(a);
    expect(a).toHaveLength(2 * 96 + 1);
    expect(a.every((s, i) => i === 0 || s.t - a[i - 1]!.t === 900)).toBe(true);
  });

  it('counts from the epoch, rising through midnights and back before the epoch', () => {
    const h = history();
    const all = h.samples(epochMs - 2 * DAY_MS, epochMs + 2 * DAY_MS);
    const atEpoch = all.filter((s) => s.t === epochMs / 1000);
    expect(atEpoch.map((s) => s.counter)).toEqual(
      Array.from({ length: 5 }, () => HISTORY_EPOCH_COUNTER_WH),
    );
    for (const key of h.keys) {
      const list = all.filter((s) => `${s.type}/${s.addr}` === key);
      expect(list).toHaveLength(4 * 96 + 1);
      for (let i = 1; i < list.length; i++)
        expect(list[i]!.counter).toBeGreaterThanOrEqual(list[i - 1]!.counter);
      expect(list.at(-1)!.counter).toBeGreaterThan(list[0]!.counter);
    }
    // Each day starts from a state of its own, yet rooms carry on across midnight.
    for (const key of ['htr/1', 'htr/2', 'htr/3', 'acm/4']) {
      const list = all.filter((s) => `${s.type}/${s.addr}` === key);
      for (const [i, s] of list.entries())
        if (i > 0 && (s.t * 1000 - epochMs) % DAY_MS === 0)
          expect(Math.abs(Number(s.temp) - Number(list[i - 1]!.temp))).toBeLessThan(0.5);
    }
    // The meter measures what the heaters draw.
    const rise = (key: string) => {
      const list = all.filter((s) => `${s.type}/${s.addr}` === key);
      return list.at(-1)!.counter - list[0]!.counter;
    };
    const heaters = ['htr/1', 'htr/2', 'htr/3', 'acm/4'].reduce((sum, k) => sum + rise(k), 0);
    expect(rise('pmo/5')).toBeCloseTo(heaters, -1);
  });

  it('gives heaters a temperature and the power monitor its peak and lowest power', () => {
    const [htr] = history().samples(epochMs, epochMs, HTR);
    const [pmo] = history().samples(epochMs + 3_600_000, epochMs + 3_600_000, PMO);
    expect(htr).toMatchObject({ type: 'htr', addr: 1, t: epochMs / 1000 });
    expect(htr?.temp).toMatch(/^\d+\.\d$/);
    expect(pmo).toMatchObject({ type: 'pmo', addr: 5, max: expect.any(Number) });
    expect(pmo?.max).toBeGreaterThanOrEqual(pmo?.min ?? Infinity);
  });

  it('charges the storage heater in the off-peak night', () => {
    const day = history().samples(epochMs + DAY_MS, epochMs + 2 * DAY_MS, ACM);
    const night = day[7 * 4]!.counter - day[0]!.counter;
    const rest = day.at(-1)!.counter - day[7 * 4]!.counter;
    expect(night).toBeGreaterThan(1000);
    expect(rest).toBe(0);
  });

  it('sums days as the server does: counter rises dated at the earlier sample, mean temperature', () => {
    const h = history();
    const start = epochMs + DAY_MS;
    const end = start + 2 * DAY_MS;
    const nowMs = end + 6 * 3_600_000;
    const days = h.buckets(HTR, 'day', start, end, zone, nowMs);
    const raw = h.samples(start, end, HTR);
    const expected = [0, 1].map((d) => {
      const inDay = raw.filter(
        (s) => s.t * 1000 >= start + d * DAY_MS && s.t * 1000 < start + (d + 1) * DAY_MS,
      );
      const next = raw.find((s) => s.t * 1000 === start + (d + 1) * DAY_MS)!;
      const temps = inDay.map((s) => Number(s.temp));
      return {
        startMs: start + d * DAY_MS,
        energyWh: Math.round((next.counter - inDay[0]!.counter) * 10) / 10,
        tempC: temps.reduce((a, b) => a + b, 0) / temps.length,
      };
    });
    expect(days).toHaveLength(2);
    expect(days[0]!.energyWh).toBeCloseTo(expected[0]!.energyWh, 5);
    expect(days[1]!.energyWh).toBeCloseTo(expected[1]!.energyWh, 5);
    expect(days[0]!.tempC).toBeCloseTo(expected[0]!.tempC, 5);
    expect(days[1]!.startMs).toBe(expected[1]!.startMs);
    // A power monitor has no temperature.
    expect(h.buckets(PMO, 'day', start, end, zone, nowMs)[0]!.tempC).toBeNull();
  });

  it('names months by local midnight of the 1st across a summer-time change, and stops at now', () => {
    const h = history(Date.UTC(2026, 9, 1));
    const start = Date.UTC(2026, 8, 30, 22); // 1 October 00:00 in Madrid (UTC+2)
    const nowMs = Date.UTC(2026, 10, 3, 10);
    const months = h.buckets(HTR, 'month', start, Date.UTC(2027, 0, 1), zone, nowMs);
    expect(months.map((m) => m.startMs)).toEqual([start, Date.UTC(2026, 9, 31, 23)]);
    expect(months.map((m) => zonedParts(m.startMs, zone))).toEqual([
      { y: 2026, n: 10, d: 1, h: 0, m: 0 },
      { y: 2026, n: 11, d: 1, h: 0, m: 0 },
    ]);
    // November so far is the rise from its first sample to the last one before now.
    const november = h.samples(Date.UTC(2026, 9, 31, 23), nowMs, HTR);
    expect(months[1]!.energyWh).toBeCloseTo(november.at(-1)!.counter - november[0]!.counter, 5);
  });

  it('uses more energy in winter than in summer', () => {
    const h = history(Date.UTC(2026, 0, 1));
    const month = (m: number) =>
      h.buckets(
        PMO,
        'month',
        Date.UTC(2026, m, 1),
        Date.UTC(2026, m + 1, 1),
        'UTC',
        Date.UTC(2027, 0, 1),
      )[0]!.energyWh;
    expect(month(0)).toBeGreaterThan(2 * month(6));
  });

  it('refuses an interval that does not divide a day, and a node it does not have', () => {
    expect(() =>
      createLazyHistory({ devId, nodes: [], timezone: zone, epochMs, intervalS: 7 * 60 }),
    ).toThrow(/intervalS/);
    expect(() => history().samples(epochMs, epochMs, { type: 'htr', addr: 9 })).toThrow(/htr\/9/);
  });
});
