import { describe, expect, it } from 'vitest';
import { createWorld, type World } from '../devices/control-test-world';
import { useTestHearth, type TestHearth } from '../test-support/test-hearth';
import { call } from './energy.test-helpers';

let t: TestHearth;
useTestHearth((started) => (t = started));

const JAN = Date.UTC(2026, 0, 1);
const FLAT = { currency: 'EUR', tariff: { kind: 'flat', validFrom: JAN, pricePerKwh: 0.2 } };
const path = (w: World, rest = '') => `/api/hearth/v1/homes/${w.homeId}/tariffs${rest}`;

async function history(w: World) {
  const res = await call(t, 'GET', path(w), { token: w.owner });
  expect(res.status).toBe(200);
  return res.body as {
    currency: string | null;
    time_zone: string;
    tariffs: { validFrom: number }[];
  };
}

describe('who may read and change a home tariff', () => {
  it('lets everyone the home is shared with read, its owner alone change; strangers 404, no token 401', async () => {
    const w = await createWorld(t);
    const future = Date.now() + 86_400_000;
    const csv = 'start,price_per_kwh\n2026-01-05T00:00:00+01:00,0.1\n';
    const writes: [string, string, { json?: unknown; csv?: string }][] = [
      ['PUT', path(w), { json: FLAT }],
      ['PUT', path(w, '/csv?currency=EUR'), { csv }],
      ['DELETE', path(w, `/${future}`), {}],
    ];
    for (const [method, p, body] of writes) {
      expect((await call(t, method, p, body)).status, `${method} ${p} anonymous`).toBe(401);
      expect((await call(t, method, p, { ...body, token: w.stranger })).status).toBe(404);
      expect((await call(t, method, p, { ...body, token: w.guest })).status).toBe(403);
    }
    const other = `/api/hearth/v1/homes/01890000-0000-7000-8000-000000000000/tariffs`;
    expect((await call(t, 'PUT', other, { json: FLAT, token: w.owner })).status).toBe(404);
    expect((await history(w)).tariffs).toEqual([]);

    expect((await call(t, 'GET', path(w))).status).toBe(401);
    expect((await call(t, 'GET', path(w), { token: w.stranger })).status).toBe(404);
    const put = await call(t, 'PUT', path(w), { json: FLAT, token: w.owner });
    expect(put.status).toBe(200);
    const guestView = await call(t, 'GET', path(w), { token: w.guest });
    expect(guestView).toEqual({
      status: 200,
      body: { currency: 'EUR', time_zone: 'Europe/Madrid', tariffs: [FLAT.tariff] },
    });
  });
});

describe('PUT a tariff', () => {
  it('keeps the history in order, replaces a tariff from the same instant, and deletes only one not yet in force', async () => {
    const w = await createWorld(t);
    const future = Date.now() + 7 * 86_400_000;
    const tou = {
      kind: 'time-of-use',
      validFrom: future,
      basePricePerKwh: 0.25,
      bands: [{ days: [0, 1, 2, 3, 4, 5, 6], from: '22:00', to: '06:00', pricePerKwh: 0.1 }],
    };
    expect(
      (await call(t, 'PUT', path(w), { json: { currency: 'EUR', tariff: tou }, token: w.owner }))
        .status,
    ).toBe(200);
    expect((await call(t, 'PUT', path(w), { json: FLAT, token: w.owner })).status).toBe(200);
    const corrected = { currency: 'EUR', tariff: { ...FLAT.tariff, pricePerKwh: 0.21 } };
    expect((await call(t, 'PUT', path(w), { json: corrected, token: w.owner })).status).toBe(200);
    expect((await history(w)).tariffs).toEqual([corrected.tariff, tou]);

    const past = await call(t, 'DELETE', path(w, `/${JAN}`), { token: w.owner });
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toMatch(/already in force/);
    expect((await call(t, 'DELETE', path(w, `/${future}`), { token: w.owner })).status).toBe(204);
    expect((await call(t, 'DELETE', path(w, `/${future}`), { token: w.owner })).status).toBe(404);
    expect((await history(w)).tariffs).toEqual([corrected.tariff]);
  });

  it('refuses hostile and mistaken bodies with a 400 (or 413 past the size bound) and stores nothing', async () => {
    const w = await createWorld(t);
    const slots = (n: number, step = 1_800_000) =>
      Array.from({ length: n }, (_, i) => ({ start: JAN + i * step, pricePerKwh: 0.1 }));
    const bad: unknown[] = [
      {},
      { currency: 'euro', tariff: FLAT.tariff },
      { currency: 'EUR', tariff: { ...FLAT.tariff, pricePerKwh: 250 } },
      { currency: 'EUR', tariff: { ...FLAT.tariff, pricePerKwh: 'cheap' } },
      { currency: 'EUR', tariff: { ...FLAT.tariff, kind: 'free' } },
      { currency: 'EUR', tariff: { ...FLAT.tariff, validFrom: 1e20 } },
      { currency: 'EUR', tariff: { ...FLAT.tariff, validFrom: 1700000000 } },
      {
        currency: 'EUR',
        tariff: {
          kind: 'time-of-use',
          validFrom: JAN,
          basePricePerKwh: 0.2,
          bands: [{ days: [9], from: '25:00', to: '06:00', pricePerKwh: 0.1 }],
        },
      },
      { currency: 'EUR', tariff: { kind: 'dynamic', validFrom: JAN, slotMinutes: 15, prices: [] } },
      {
        currency: 'EUR',
        tariff: { kind: 'dynamic', validFrom: JAN, slotMinutes: 30, prices: slots(3).reverse() },
      },
      {
        currency: 'EUR',
        tariff: { kind: 'dynamic', validFrom: JAN, slotMinutes: 60, prices: slots(3) },
      },
      {
        currency: 'EUR',
        tariff: { kind: 'dynamic', validFrom: JAN, slotMinutes: 30, prices: slots(20_001) },
      },
    ];
    for (const json of bad) {
      const res = await call(t, 'PUT', path(w), { json, token: w.owner });
      expect(res.status, JSON.stringify(json).slice(0, 200)).toBe(400);
    }
    const deep = '{"currency":"EUR","tariff":' + '['.repeat(5000) + ']'.repeat(5000) + '}';
    expect((await call(t, 'PUT', path(w), { raw: deep, token: w.owner })).status).toBe(400);
    const huge = JSON.stringify({
      currency: 'EUR',
      tariff: { ...FLAT.tariff, note: 'x'.repeat(3_000_000) },
    });
    expect((await call(t, 'PUT', path(w), { raw: huge, token: w.owner })).status).toBe(413);
    expect((await history(w)).tariffs).toEqual([]);

    // One currency per home: a tariff in another is refused while the first is kept.
    expect((await call(t, 'PUT', path(w), { json: FLAT, token: w.owner })).status).toBe(200);
    const usd = { currency: 'USD', tariff: { ...FLAT.tariff, validFrom: JAN + 86_400_000 } };
    const mixed = await call(t, 'PUT', path(w), { json: usd, token: w.owner });
    expect(mixed.status).toBe(400);
    expect(JSON.stringify(mixed.body)).toMatch(/in EUR/);
    // Unknown keys are not stored.
    const extra = {
      currency: 'EUR',
      tariff: { ...FLAT.tariff, validFrom: JAN + 1000, evil: { a: 1 } },
    };
    expect((await call(t, 'PUT', path(w), { json: extra, token: w.owner })).status).toBe(200);
    expect((await history(w)).tariffs).toEqual([
      FLAT.tariff,
      { ...FLAT.tariff, validFrom: JAN + 1000 },
    ]);
  });
});

describe('PUT a dynamic tariff as a price CSV', () => {
  it('stores the rows as a dynamic tariff from the first slot, and names the line of a problem', async () => {
    const w = await createWorld(t);
    const csv = [
      '# day-ahead prices',
      'start;price_per_kwh',
      '2026-03-29T00:00:00+01:00;0.10',
      '',
      '2026-03-29T00:30:00+01:00;0.12',
      '2026-03-29T01:00:00+01:00;-0.01',
    ].join('\r\n');
    const res = await call(t, 'PUT', path(w, '/csv?currency=EUR&fallback_price_per_kwh=0.2'), {
      csv,
      token: w.owner,
    });
    expect(res.status).toBe(200);
    const start = Date.UTC(2026, 2, 28, 23);
    expect((await history(w)).tariffs).toEqual([
      {
        kind: 'dynamic',
        validFrom: start,
        slotMinutes: 30,
        fallbackPricePerKwh: 0.2,
        prices: [
          { start, pricePerKwh: 0.1 },
          { start: start + 1_800_000, pricePerKwh: 0.12 },
          { start: start + 3_600_000, pricePerKwh: -0.01 },
        ],
      },
    ]);

    const later = (rows: string[]) => ['start,price_per_kwh', ...rows].join('\n');
    const cases: [string, RegExp][] = [
      [later(['2026-04-01T00:00:00+02:00,0.1', '2026-04-01T00:30:00,0.1']), /line 3: .*offset/],
      [
        later(['2026-04-01T00:00:00+02:00,0.1', '2026-04-01T00:30:00+02:00,120']),
        /line 3: .*implausible/,
      ],
      [later(['2026-04-01T00:00:00+02:00,0,1']), /line 2: expected 2 cells/],
      ['when,price\n', /line 1: expected the header/],
      [
        later(['2026-04-01T00:30:00+02:00,0.1', '2026-04-01T00:00:00+02:00,0.1']),
        /line 3: .*ascend/,
      ],
    ];
    for (const [text, message] of cases) {
      const bad = await call(t, 'PUT', path(w, '/csv?currency=EUR'), { csv: text, token: w.owner });
      expect(bad.status, text).toBe(400);
      expect((bad.body as { message?: string }).message ?? JSON.stringify(bad.body)).toMatch(
        message,
      );
    }
    const longLine = `start,price_per_kwh\n${'9'.repeat(5000)},0.1`;
    expect(
      (await call(t, 'PUT', path(w, '/csv?currency=EUR'), { csv: longLine, token: w.owner }))
        .status,
    ).toBe(400);
    expect(
      (await call(t, 'PUT', path(w, '/csv?currency=eur'), { csv, token: w.owner })).status,
    ).toBe(400);
    expect((await history(w)).tariffs).toHaveLength(1);
  });
});
