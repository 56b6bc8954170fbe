import { expect, test } from 'vitest';
import { createDemoBackend } from './demo-backend';

// Issue 29 in demo mode: tariffs, costs from the demo's own history, the price URL and the guard.
const FAMILY = '00000000-0000-4000-8000-0000000de001';
const HOME = `/api/hearth/v1/homes/${FAMILY}`;
/** Wednesday 14 January 2026, 10:00 UTC. */
const NOW = Date.UTC(2026, 0, 14, 10, 0, 0);
const nowS = NOW / 1000;

const setup = () => createDemoBackend({ now: () => NOW, random: () => 0.5 });

interface Bucket {
  key: string;
  kwh: number;
  cost: number;
  unpriced_kwh: number;
}

test('the family house has a time-of-use tariff in EUR from 1 January', () => {
  const answer = setup().handle('GET', `${HOME}/tariffs`);
  expect(answer.status).toBe(200);
  const body = answer.body as { currency: string; tariffs: { kind: string; validFrom: number }[] };
  expect(body.currency).toBe('EUR');
  expect(body.tariffs).toHaveLength(1);
  expect(body.tariffs[0]).toMatchObject({
    kind: 'time-of-use',
    validFrom: Date.UTC(2025, 11, 31, 23),
  });
});

test("costs come from the demo's history at the band's price, the home adding its heaters", () => {
  const answer = setup().handle(
    'GET',
    `${HOME}/costs?start=${nowS - 10 * 86_400}&end=${nowS}&group=day`,
  );
  expect(answer.status).toBe(200);
  const body = answer.body as {
    currency: string;
    home: { buckets: Bucket[] };
    nodes: { type: string; buckets: Bucket[] }[];
    month_to_date: { cost_to_date: number; projected_cost: number; basis: string };
  };
  expect(body.currency).toBe('EUR');
  const days = body.home.buckets;
  expect(days.length).toBeGreaterThanOrEqual(9);
  for (const d of days) {
    expect(d.unpriced_kwh).toBe(0);
    // Every kWh costs between the night price and the evening price.
    expect(d.cost).toBeGreaterThanOrEqual(0.14 * d.kwh - 1e-9);
    expect(d.cost).toBeLessThanOrEqual(0.38 * d.kwh + 1e-9);
  }
  const heaters = body.nodes.filter((n) => n.type !== 'pmo');
  const day = days[3];
  const sum = heaters.reduce(
    (s, n) => s + (n.buckets.find((b) => b.key === day?.key)?.cost ?? 0),
    0,
  );
  expect(day?.cost).toBeCloseTo(sum, 6);
  expect(body.month_to_date.basis).toBe('trailing-days');
  expect(body.month_to_date.cost_to_date).toBeGreaterThan(0);
  expect(body.month_to_date.projected_cost).toBeGreaterThan(body.month_to_date.cost_to_date);
});

test('a tariff in another currency, a bad CSV line and a past tariff are refused as the server does', () => {
  const backend = setup();
  const flat = { kind: 'flat', validFrom: NOW + 86_400_000, pricePerKwh: 0.2 };
  expect(backend.handle('PUT', `${HOME}/tariffs`, { currency: 'GBP', tariff: flat })).toMatchObject(
    { status: 400, body: { message: expect.stringContaining('in EUR') } },
  );
  const csv = 'start,price_per_kwh\n2026-01-15T00:00:00+01:00,0.10\n2026-01-15T00:30:00+01:00,abc';
  expect(backend.handle('PUT', `${HOME}/tariffs/csv?currency=EUR`, csv)).toMatchObject({
    status: 400,
    body: { message: expect.stringMatching(/^line 3: /) },
  });
  const inForce = Date.UTC(2025, 11, 31, 23);
  expect(backend.handle('DELETE', `${HOME}/tariffs/${inForce}`).status).toBe(400);
  expect(
    (backend.handle('GET', `${HOME}/tariffs`).body as { tariffs: unknown[] }).tariffs,
  ).toHaveLength(1);
});

test('an upcoming tariff is added, then deleted; a price CSV becomes a dynamic tariff', () => {
  const backend = setup();
  const flat = { kind: 'flat', validFrom: NOW + 86_400_000, pricePerKwh: 0.2 };
  const added = backend.handle('PUT', `${HOME}/tariffs`, { currency: 'EUR', tariff: flat });
  expect((added.body as { tariffs: unknown[] }).tariffs).toHaveLength(2);
  expect(backend.handle('DELETE', `${HOME}/tariffs/${flat.validFrom}`).status).toBe(204);
  const csv = 'start,price_per_kwh\n2026-01-20T00:00:00+01:00,0.10\n2026-01-20T00:30:00+01:00,0.12';
  const dynamic = backend.handle('PUT', `${HOME}/tariffs/csv?currency=EUR`, csv);
  expect(dynamic.status).toBe(200);
  expect(
    (dynamic.body as { tariffs: { kind: string; slotMinutes?: number }[] }).tariffs[1],
  ).toMatchObject({
    kind: 'dynamic',
    slotMinutes: 30,
  });
});

test('a price URL is kept and says the demo fetches nothing; removing it answers 404 after', () => {
  const backend = setup();
  expect(backend.handle('GET', `${HOME}/tariffs/price_source`).status).toBe(404);
  const put = backend.handle('PUT', `${HOME}/tariffs/price_source`, {
    url: 'https://prices.example/day-ahead.csv',
    currency: 'EUR',
  });
  expect(put.body).toMatchObject({
    last_fetch_ms: null,
    last_error: expect.stringContaining('demo'),
  });
  expect(backend.handle('DELETE', `${HOME}/tariffs/price_source`).status).toBe(204);
  expect(backend.handle('GET', `${HOME}/tariffs/price_source`).status).toBe(404);
});

test('the power guard starts as a dry run over the heaters, refuses a room of no heater, and logs', () => {
  const backend = setup();
  const guard = backend.handle('GET', `${HOME}/power_guard`);
  const settings = guard.body as { dry_run: boolean; priority: string[] };
  expect(guard.status).toBe(200);
  expect(settings.dry_run).toBe(true);
  expect(settings.priority.length).toBeGreaterThan(1);
  const stranger = { ...settings, priority: ['0123456789abcdef01/htr/9'] };
  expect(backend.handle('PUT', `${HOME}/power_guard`, stranger).status).toBe(400);
  const reordered = { ...settings, priority: [...settings.priority].reverse(), cap_kw: 5.5 };
  expect(backend.handle('PUT', `${HOME}/power_guard`, reordered).body).toEqual(reordered);
  const log = backend.handle('GET', `${HOME}/power_guard/actions?limit=50`).body as {
    actions: { kind: string; detail: { reason: string } }[];
  };
  expect(log.actions.map((a) => a.kind)).toEqual(['restore', 'release', 'lower']);
});

test("a storage heater's plan charges in the cheap night band, reaching its target by 07:00", () => {
  const backend = setup();
  const homes = backend.handle('GET', '/api/v2/grouped_devs').body as {
    id: string;
    devs: { dev_id: string }[];
  }[];
  const devs = homes.find((h) => h.id === FAMILY)?.devs ?? [];
  const acm = devs.flatMap((d) =>
    (
      backend.handle('GET', `/api/v2/devs/${d.dev_id}/mgr/nodes`).body as {
        nodes: { type: string; addr: number }[];
      }
    ).nodes
      .filter((n) => n.type === 'acm')
      .map((n) => `/api/hearth/v1/devs/${d.dev_id}/acm/${n.addr}/charge_plan`),
  )[0];
  const answer = backend.handle('GET', acm ?? '').body as {
    plan: {
      slots: { price_per_kwh: number; end_ms: number }[];
      reaches_target: boolean;
      to_ms: number;
    };
  };
  expect(answer.plan.reaches_target).toBe(true);
  expect(answer.plan.slots.length).toBeGreaterThan(0);
  for (const s of answer.plan.slots) {
    expect(s.price_per_kwh).toBe(0.14);
    expect(s.end_ms).toBeLessThanOrEqual(answer.plan.to_ms);
  }
  // 07:00 in Madrid on the 15th.
  expect(answer.plan.to_ms).toBe(Date.UTC(2026, 0, 15, 6));
  const off = backend.handle('PUT', acm ?? '', {
    enabled: false,
    target_pct: 80,
    ready_by: '07:00',
    min_block_min: 60,
  });
  expect(off.body).toMatchObject({ enabled: false, plan: null });
  expect(backend.handle('PUT', acm ?? '', { enabled: true, target_pct: 180 }).status).toBe(400);
});
