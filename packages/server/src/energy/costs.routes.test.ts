import { describe, expect, it } from 'vitest';
import { gatewayTopics } from '@hearth/protocol';
import { createWorld, gatewayFor, type World } from '../devices/control-test-world';
import { createSamplesAggregateRepository } from '../samples';
import { useTestHearth, type TestHearth } from '../test-support/test-hearth';
import { call, steady, utc, type Costs } from './energy.test-helpers';

let t: TestHearth;
useTestHearth((started) => (t = started));

async function putTariff(w: World, tariff: Record<string, unknown>) {
  const res = await call(t, 'PUT', `/api/hearth/v1/homes/${w.homeId}/tariffs`, {
    json: { currency: 'EUR', tariff },
    token: w.owner,
  });
  expect(res.status).toBe(200);
}

async function costs(w: World, query: string, token = w.owner): Promise<Costs> {
  const res = await call(t, 'GET', `/api/hearth/v1/homes/${w.homeId}/costs?${query}`, { token });
  expect(res.status, query).toBe(200);
  return res.body as Costs;
}

describe('GET costs', () => {
  it('is read by everyone the home is shared with; strangers 404, no token 401, a bad query 400', async () => {
    const w = await createWorld(t);
    const q = `start=${utc(2026, 1, 1)}&end=${utc(2026, 2, 1)}&group=day`;
    const p = `/api/hearth/v1/homes/${w.homeId}/costs?${q}`;
    expect((await call(t, 'GET', p)).status).toBe(401);
    expect((await call(t, 'GET', p, { token: w.stranger })).status).toBe(404);
    const guest = await costs(w, q, w.guest);
    expect(guest).toMatchObject({
      currency: null,
      time_zone: 'Europe/Madrid',
      home: { buckets: [] },
    });
    expect(guest.nodes.map((n) => [n.type, n.addr, n.name])).toEqual([
      ['htr', 2, 'Lounge'],
      ['pmo', 5, 'Meter'],
    ]);
    for (const bad of [
      `start=${utc(2026, 2, 1)}&end=${utc(2026, 1, 1)}&group=day`,
      `start=${utc(2025, 1, 1)}&end=${utc(2026, 3, 1)}&group=month`,
      `start=${utc(2026, 1, 1)}&end=${utc(2026, 2, 1)}&group=week`,
      `start=0x10&end=${utc(2026, 2, 1)}&group=day`,
      `start=${utc(2026, 1, 1)}&end=${utc(2026, 2, 1)}`,
    ]) {
      const res = await call(t, 'GET', `/api/hearth/v1/homes/${w.homeId}/costs?${bad}`, {
        token: w.owner,
      });
      expect(res.status, bad).toBe(400);
    }
  });

  it('costs each part of a month at the tariff valid then when the tariff changes mid-month', async () => {
    const w = await createWorld(t);
    // Local midnights of Europe/Madrid (CET, UTC+1) in January.
    const jan1 = utc(2025, 12, 31, 23);
    const jan16 = utc(2026, 1, 15, 23);
    const feb1 = utc(2026, 1, 31, 23);
    await putTariff(w, { kind: 'flat', validFrom: jan1 * 1000, pricePerKwh: 0.2 });
    await putTariff(w, { kind: 'flat', validFrom: jan16 * 1000, pricePerKwh: 0.3 });
    await createSamplesAggregateRepository(t.hearth.db).insertHistory(
      w.devId,
      steady(jan1, feb1 + 86_400),
    );

    const month = await costs(w, `start=${jan1}&end=${feb1}&group=month`);
    expect(month.currency).toBe('EUR');
    expect(month.home.buckets).toHaveLength(1);
    const [jan] = month.home.buckets;
    expect(jan).toMatchObject({ key: '2026-01', start: jan1, end: feb1, unpriced_kwh: 0 });
    expect(jan?.kwh).toBeCloseTo(744, 6);
    // 15 days of 24 kWh at 0.20, 16 days at 0.30.
    expect(jan?.cost).toBeCloseTo(15 * 24 * 0.2 + 16 * 24 * 0.3, 6);
    expect(month.nodes.find((n) => n.type === 'htr')?.buckets).toEqual(month.home.buckets);
    expect(month.nodes.find((n) => n.type === 'pmo')?.buckets).toEqual([]);

    const days = await costs(w, `start=${jan1}&end=${feb1}&group=day`);
    expect(days.home.buckets).toHaveLength(31);
    const day = (key: string) => days.home.buckets.find((b) => b.key === key);
    expect(day('2026-01-15')?.cost).toBeCloseTo(4.8, 6);
    expect(day('2026-01-16')).toMatchObject({ start: jan16, end: jan16 + 86_400 });
    expect(day('2026-01-16')?.cost).toBeCloseTo(7.2, 6);

    const year = await costs(w, `start=${jan1}&end=${feb1}&group=year`);
    expect(year.home.buckets.map((b) => b.key)).toEqual(['2026']);
  });

  it('prices a 23-hour DST day of samples a gateway published by its time-of-use bands in wall time', async () => {
    const w = await createWorld(t);
    await putTariff(w, {
      kind: 'time-of-use',
      validFrom: utc(2026, 3, 1) * 1000,
      basePricePerKwh: 0.1,
      bands: [{ days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '06:00', pricePerKwh: 0.05 }],
    });
    // 29 March 2026 in Madrid: from 23:00 UTC the day before to 22:00 UTC, clocks forward at 02:00.
    const start = utc(2026, 3, 28, 23);
    const end = utc(2026, 3, 29, 22);
    const samples = steady(start, end);
    const gw = await gatewayFor(t, w.devId);
    try {
      await gw.client.publishAsync(gatewayTopics.samples(w.devId), JSON.stringify({ samples }), {
        qos: 1,
      });
      await expect
        .poll(async () => (await t.repos.samples.range(w.devId, 'htr', 2, start, end)).length, {
          timeout: 10_000,
        })
        .toBe(samples.length);
    } finally {
      await gw.end();
    }
    const day = await costs(w, `start=${start}&end=${end}&group=day`);
    expect(day.home.buckets).toHaveLength(1);
    const [b] = day.home.buckets;
    expect(b).toMatchObject({ key: '2026-03-29', start, end, unpriced_kwh: 0 });
    expect(b?.kwh).toBeCloseTo(23, 6);
    // 00:00–06:00 wall time is 5 hours that day (02:00–03:00 never happened).
    expect(b?.cost).toBeCloseTo(5 * 0.05 + 18 * 0.1, 6);
  });

  it('counts energy before the first tariff apart, never as free, and prices a CSV tariff', async () => {
    const w = await createWorld(t);
    const start = utc(2026, 4, 4, 22); // 5 April, local midnight (CEST)
    const res = await call(t, 'PUT', `/api/hearth/v1/homes/${w.homeId}/tariffs/csv?currency=EUR`, {
      csv: 'start,price_per_kwh\n2026-04-05T06:00:00+02:00,0.5\n2026-04-05T07:00:00+02:00,0.25\n',
      token: w.owner,
    });
    expect(res.status).toBe(200);
    await createSamplesAggregateRepository(t.hearth.db).insertHistory(
      w.devId,
      steady(start, start + 86_400 + 900),
    );
    const [b] = (await costs(w, `start=${start}&end=${start + 86_400}&group=day`)).home.buckets;
    expect(b?.kwh).toBeCloseTo(24, 6);
    // 6 hours before the tariff, 2 priced hours, 16 hours in no slot and no fallback.
    expect(b?.cost).toBeCloseTo(0.5 + 0.25, 6);
    expect(b?.unpriced_kwh).toBeCloseTo(22, 6);
  });

  it('gives the month to date and projects the rest of the month at the last days rate', async () => {
    const w = await createWorld(t);
    await putTariff(w, { kind: 'flat', validFrom: Date.UTC(2020, 0, 1), pricePerKwh: 0.2 });
    const now = Math.floor(Date.now() / 1000);
    const last = now - (now % 900);
    const first = last - 10 * 86_400;
    await createSamplesAggregateRepository(t.hearth.db).insertHistory(w.devId, steady(first, last));
    const { month_to_date: m } = await costs(w, `start=${first}&end=${last}&group=day`);
    expect(m.basis).toBe('trailing-days');
    expect(m.end).toBeGreaterThan(now);
    const toDate = Math.max(0, last - Math.max(m.start, first)) / 3600;
    expect(m.kwh_to_date).toBeCloseTo(toDate, 6);
    expect(m.cost_to_date).toBeCloseTo(toDate * 0.2, 6);
    // 1 kW for the rest of the month (the last quarter hour not yet sampled aside).
    const rest = (m.end - now) / 3600;
    expect(Math.abs(m.projected_kwh - (toDate + rest))).toBeLessThan(1);
    expect(m.projected_cost).toBeCloseTo(m.projected_kwh * 0.2, 6);
  });
});
