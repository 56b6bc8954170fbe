import { describe, expect, test } from 'vitest';
import { createDemoBackend } from './demo-backend';

// Wednesday 2026-01-14 10:00 UTC (11:00 in Madrid).
const START = Date.UTC(2026, 0, 14, 10, 0, 0);
const nowS = START / 1000;
const FAMILY = 'de3000000000000001';
const SAMPLES = `/api/v2/devs/${FAMILY}/htr/1/samples`;
const METER = `/api/v2/devs/${FAMILY}/pmo/7/samples`;
/** The first floor's storage heater (its sixth node), in Madrid. */
const STORAGE = '/api/v2/devs/de3000000000000002/acm/6/samples';
const dayStart = Date.UTC(2026, 0, 12) / 1000;

type Raw = { samples: Array<{ t: number; counter: number; temp?: string }> };
type Months = { samples: Array<{ t: number; counter_delta: number; temp?: string }> };

function setup() {
  const backend = createDemoBackend({ now: () => START, random: () => 0.5 });
  return { get: <T>(path: string) => backend.handle('GET', path).body as T };
}

describe('samples for the records screens', () => {
  test('raw samples are deterministic quarter hours with a counter that never goes down', () => {
    const { get } = setup();
    const path = `${SAMPLES}?start=${dayStart}&end=${dayStart + 86_400}`;
    const first = get<Raw>(path);
    expect(first.samples).toHaveLength(97);
    expect(setup().get(path)).toEqual(first);
    expect(first.samples.every((s, i) => i === 0 || s.t - first.samples[i - 1]!.t === 900)).toBe(
      true,
    );
    const counters = first.samples.map((s) => s.counter);
    expect(counters.every((c, i) => i === 0 || c >= (counters[i - 1] ?? 0))).toBe(true);
    expect(counters.at(-1)).toBeGreaterThan(counters[0] ?? Infinity);
    expect(Object.keys(first.samples[0] ?? {})).toEqual(['t', 'temp', 'counter']);
    expect(Number(first.samples[0]?.temp)).toBeGreaterThan(10);
  });

  test('a counter reads the same at the same time whatever range was asked, and in any order', () => {
    const late = setup().get<Raw>(
      `${SAMPLES}?start=${dayStart + 43_200}&end=${dayStart + 129_600}`,
    );
    const other = setup();
    other.get(`${SAMPLES}?start=${dayStart - 10 * 86_400}&end=${dayStart - 9 * 86_400}`);
    const early = other.get<Raw>(`${SAMPLES}?start=${dayStart}&end=${dayStart + 86_400}`);
    const overlap = early.samples.filter((s) => s.t >= dayStart + 43_200);
    expect(overlap).toHaveLength(49);
    expect(late.samples.slice(0, 49)).toEqual(overlap);
  });

  test('a power monitor answers its counter with the peak and lowest power', () => {
    const { get } = setup();
    const got = get<{ samples: Array<Record<string, number>> }>(
      `${METER}?start=${dayStart}&end=${dayStart + 3600}`,
    );
    expect(got.samples).toHaveLength(5);
    expect(Object.keys(got.samples[1] ?? {})).toEqual(['t', 'counter', 'max', 'min']);
    expect(got.samples[1]?.max).toBeGreaterThanOrEqual(got.samples[1]?.min ?? Infinity);
  });

  test('a storage heater draws its power in the off-peak night (midnight to 07:00 in Madrid)', () => {
    const { get } = setup();
    // 12 January 00:00 in Madrid is 23:00 UTC the day before.
    const midnight = dayStart - 3600;
    const day = get<Raw>(`${STORAGE}?start=${midnight}&end=${midnight + 86_400}`).samples;
    const at7 = day[7 * 4]!.counter;
    expect(at7 - day[0]!.counter).toBeGreaterThan(1000);
    expect(day.at(-1)!.counter).toBe(at7);
  });

  test('no sample lies in the future', () => {
    const { get } = setup();
    const start = nowS - 3600;
    const got = get<Raw>(`${SAMPLES}?start=${start}&end=${start + 86_400}`);
    expect(got.samples.at(-1)?.t).toBe(nowS);
  });

  test('a month is the rise of its samples’ counters and their mean temperature, as the server sums them', () => {
    const { get } = setup();
    // 1 January 00:00 in Madrid to now: fewer than 40 days, so the raw samples can be read too.
    const start = Date.UTC(2025, 11, 31, 23) / 1000;
    const month = get<Months>(`${SAMPLES}?start=${start}&end=${nowS}&group=month&tz=Europe/Madrid`);
    const raw = get<Raw>(`${SAMPLES}?start=${start}&end=${nowS}`).samples;
    expect(month.samples).toHaveLength(1);
    const counterDelta = Math.round((raw.at(-1)!.counter - raw[0]!.counter) * 10) / 10;
    expect(month.samples[0]?.counter_delta).toBeCloseTo(counterDelta, 5);
    // The server's mean is over the samples before the end asked (now is not included).
    const temps = raw.slice(0, -1).map((s) => Number(s.temp));
    const mean = temps.reduce((a, b) => a + b, 0) / temps.length;
    expect(month.samples[0]?.temp).toBe((Math.round(mean * 10) / 10).toFixed(1));
    const meter = get<Months>(`${METER}?start=${start}&end=${nowS}&group=month&tz=Europe/Madrid`)
      .samples[0];
    expect(meter).not.toHaveProperty('temp');
    expect(meter?.counter_delta).toBeGreaterThan(month.samples[0]?.counter_delta ?? Infinity);
  });

  test('a past year grouped by month has twelve months of energy, more in winter', () => {
    const { get } = setup();
    const start = Date.UTC(2024, 11, 31, 23) / 1000;
    const end = Date.UTC(2025, 11, 31, 23) / 1000;
    const got = get<Months>(`${SAMPLES}?start=${start}&end=${end}&group=month&tz=Europe/Madrid`);
    expect(got.samples).toHaveLength(12);
    expect(got.samples.every((s) => s.counter_delta > 0)).toBe(true);
    expect(got.samples[0]?.counter_delta).toBeGreaterThan(got.samples[6]?.counter_delta ?? 0);
  });
});
