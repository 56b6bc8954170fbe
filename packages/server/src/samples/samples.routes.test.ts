import { describe, expect, it } from 'vitest';
import type { GatewaySample } from '@hearth/protocol';
import { createWorld } from '../devices/control-test-world';
import { getJson } from '../test-support/http';
import { useTestHearth, type TestHearth } from '../test-support/test-hearth';
import { createSamplesAggregateRepository } from './samples-aggregate.repository';

let t: TestHearth;
useTestHearth((started) => (t = started));

const utc = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h) / 1000;

/** A heater drawing a steady 1 kW at 20 °C, sampled every 15 minutes over [from, to]. */
function steady(from: number, to: number, counterAtFrom = 0): GatewaySample[] {
  const out: GatewaySample[] = [];
  for (let t = from, c = counterAtFrom; t <= to; t += 900, c += 250) {
    out.push({ type: 'htr', addr: 2, t, counter: c, temp: '20.0' });
  }
  return out;
}

interface Bucket {
  t: number;
  counter_delta: number;
  temp?: string;
}

async function buckets(w: { devId: string; guest: string }, query: string): Promise<Bucket[]> {
  const res = await getJson(`${t.url}/api/v2/devs/${w.devId}/htr/2/samples?${query}`, w.guest);
  expect(res.status, query).toBe(200);
  return (res.body as { samples: Bucket[] }).samples;
}

describe('samples in buckets of the home time zone (Europe/Madrid)', () => {
  it('has 23 hours on the spring-forward day and 25 on the autumn one, and days of that length', async () => {
    const w = await createWorld(t);
    const repo = createSamplesAggregateRepository(t.hearth.db);
    await repo.insertHistory(w.devId, [
      ...steady(utc(2026, 3, 27, 20), utc(2026, 3, 31, 2)),
      ...steady(utc(2026, 10, 23, 20), utc(2026, 10, 27, 2), 5_000_000),
    ]);
    // Local midnight of 29 March is 23:00 UTC the day before (CET); of 30 March, 22:00 UTC (CEST).
    const spring = await buckets(
      w,
      `start=${utc(2026, 3, 28, 23)}&end=${utc(2026, 3, 29, 22)}&group=hour`,
    );
    expect(spring).toHaveLength(23);
    expect(spring.every((b) => b.counter_delta === 1000 && b.temp === '20.0')).toBe(true);
    expect(spring.map((b) => b.t)).toEqual(
      Array.from({ length: 23 }, (_, i) => utc(2026, 3, 28, 23) + i * 3600),
    );

    const autumn = await buckets(
      w,
      `start=${utc(2026, 10, 24, 22)}&end=${utc(2026, 10, 25, 23)}&group=hour`,
    );
    expect(autumn).toHaveLength(25);
    expect(new Set(autumn.map((b) => b.counter_delta))).toEqual(new Set([1000]));

    const quarters = await buckets(
      w,
      `start=${utc(2026, 3, 28, 23)}&end=${utc(2026, 3, 29, 22)}&group=quarter`,
    );
    expect(quarters).toHaveLength(92);
    expect(quarters[0]).toEqual({ t: utc(2026, 3, 28, 23), counter_delta: 250, temp: '20.0' });

    const springDays = await buckets(
      w,
      `start=${utc(2026, 3, 27, 23)}&end=${utc(2026, 3, 30, 22)}&group=day`,
    );
    expect(springDays).toEqual([
      { t: utc(2026, 3, 27, 23), counter_delta: 24_000, temp: '20.0' },
      { t: utc(2026, 3, 28, 23), counter_delta: 23_000, temp: '20.0' },
      { t: utc(2026, 3, 29, 22), counter_delta: 24_000, temp: '20.0' },
    ]);
    const autumnDays = await buckets(
      w,
      `start=${utc(2026, 10, 23, 22)}&end=${utc(2026, 10, 26, 23)}&group=day`,
    );
    expect(autumnDays.map((b) => [b.t, b.counter_delta])).toEqual([
      [utc(2026, 10, 23, 22), 24_000],
      [utc(2026, 10, 24, 22), 25_000],
      [utc(2026, 10, 25, 23), 24_000],
    ]);

    // Months start at local midnight.
    const months = await buckets(
      w,
      `start=${utc(2026, 2, 28, 23)}&end=${utc(2026, 11, 30, 23)}&group=month`,
    );
    expect(months.map((b) => b.t)).toEqual([utc(2026, 2, 28, 23), utc(2026, 9, 30, 22)]);
    expect(months[1]?.counter_delta).toBe((utc(2026, 10, 27, 2) - utc(2026, 10, 23, 20)) / 3.6);

    const inUtc = await buckets(
      w,
      `start=${utc(2026, 3, 28)}&end=${utc(2026, 3, 30)}&group=day&tz=UTC`,
    );
    expect(inUtc.map((b) => [b.t, b.counter_delta])).toEqual([
      [utc(2026, 3, 28), 24_000],
      [utc(2026, 3, 29), 24_000],
    ]);
  });

  it('treats a counter that fell as reset and serves raw samples in the wire shapes', async () => {
    const w = await createWorld(t);
    const start = utc(2026, 1, 10);
    await t.repos.samples.insertMany(w.devId, [
      { type: 'htr', addr: 2, t: start, counter: 1000, temp: '19.5' },
      { type: 'htr', addr: 2, t: start + 900, counter: 1400, temp: '20.5' },
      { type: 'htr', addr: 2, t: start + 1800, counter: 100, temp: '21.0' },
      { type: 'pmo', addr: 5, t: start, counter: 50, max: 2100, min: 300 },
    ]);
    expect(await buckets(w, `start=${start}&end=${start + 3600}&group=hour&tz=UTC`)).toEqual([
      { t: start, counter_delta: 500, temp: '20.3' },
    ]);
    expect(
      (
        await getJson(
          `${t.url}/api/v2/devs/${w.devId}/htr/2/samples?start=${start}&end=${start + 900}`,
          w.guest,
        )
      ).body,
    ).toEqual({
      samples: [
        { t: start, temp: '19.5', counter: 1000 },
        { t: start + 900, temp: '20.5', counter: 1400 },
      ],
    });
    expect(
      (
        await getJson(
          `${t.url}/api/v2/devs/${w.devId}/pmo/5/samples?start=${start}&end=${start}`,
          w.guest,
        )
      ).body,
    ).toEqual({
      samples: [{ t: start, counter: 50, max: 2100, min: 300 }],
    });
  });

  it('refuses bad queries with 400', async () => {
    const w = await createWorld(t);
    const base = `${t.url}/api/v2/devs/${w.devId}/htr/2/samples`;
    for (const q of [
      '',
      'start=10',
      'start=20&end=10',
      'start=a&end=10',
      'start=&end=',
      'start=0&end=',
      'start=0x10&end=100',
      'start=1e3&end=2000',
      'start=0&end=10&start=5',
      'start=0&end=10&group=week',
      'start=0&end=10&group=day&tz=Mars/Olympus',
      `start=0&end=${41 * 86400}`,
      `start=0&end=${401 * 86400}&group=month`,
    ]) {
      expect((await getJson(`${base}?${q}`, w.owner)).body, q).toMatchObject({
        statusCode: 400,
        error: 'validation_failed',
      });
    }
  });
});

describe('demo history', () => {
  it('seeds a year for the demo nodes once, within the records of each demo home', async () => {
    const seed = await t.hearth.seedDemo();
    // The last day is there at once; the year before it is stored in the background.
    await t.hearth.demoHistoryIdle();
    const gateway = seed?.gateways[0];
    expect(gateway?.devId).toBeDefined();
    const devId = gateway?.devId ?? '';
    const now = Math.floor(Date.now() / 1000);
    const repo = createSamplesAggregateRepository(t.hearth.db);
    const year = await repo.buckets(
      { devIds: [devId], type: 'htr', addr: 1 },
      now - 366 * 86400,
      now,
      'month',
      'Europe/Madrid',
    );
    expect(year.length).toBeGreaterThanOrEqual(12);
    expect(year.every((b) => b.counterDelta > 0 && b.temp !== null)).toBe(true);
    const meter = await t.repos.samples.range(devId, 'pmo', 5, now - 86400, now);
    expect(meter.length).toBeGreaterThan(20);
    expect(meter.every((s) => s.max !== null && s.temp === null)).toBe(true);
    const before = await t.repos.samples.range(devId, 'htr', 1, 0, now);
    await t.hearth.seedDemo();
    expect(await t.repos.samples.range(devId, 'htr', 1, 0, now)).toHaveLength(before.length);
    // A year of every demo node simulated and stored: about 35 s alone, several times that
    // beside the browser run on a loaded 2-core machine.
  }, 360_000);
});
