import {
  costByPeriod,
  formatChargePlan,
  planCharging,
  monthToDate,
  parsePriceCsv,
  PriceCsvError,
  tariffSchema,
  type EnergyInterval,
  type Tariff,
  type TariffHistory,
} from '@hearth/energy';
import {
  chargePlanSettings,
  powerGuardActionsQuery,
  powerGuardSettings,
  priceSourceBody,
  zonedParts,
  zonedWallToMs,
  type ChargePlanSettings,
  type PowerGuardAction,
  type PowerGuardSettings,
  type PriceSourceAnswer,
} from '@hearth/protocol';
import { z } from 'zod';
import type { SimNode } from '@hearth/device-model';
import {
  findDevice,
  findHome,
  findNode,
  homeOf as homeOfDevice,
  type DemoContext,
} from './demo-context';
import { dailyEnergy, rawSamples } from './demo-history';
import type { DemoDevice, DemoHome } from './demo-model';
import { DemoHttpFailure, notFound, route, type DemoRequest, type DemoRoute } from './demo-router';
import { badRequest, parseBody } from './demo-validate';

const HOME = '/api/hearth/v1/homes/:gid';
const DAY_S = 86_400;
/** Raw samples price a span of up to this many days; longer spans are priced a day at a time. */
const RAW_SPAN_S = 40 * DAY_S;
const MINUTE = 60_000;
const NODE_ACM = '/api/hearth/v1/devs/:dev/acm/:addr';
/** A demo storage heater charges to 80 % by 07:00 in blocks of at least an hour. */
const DEMO_CHARGE: ChargePlanSettings = {
  enabled: true,
  target_pct: 80,
  ready_by: '07:00',
  min_block_min: 60,
};

/** The next instant after `now` at the wall time `HH:mm` of the zone. */
function nextWallTime(now: number, hhmm: string, timeZone: string): number {
  const p = zonedParts(now, timeZone);
  const h = Number(hhmm.slice(0, 2));
  const m = Number(hhmm.slice(3, 5));
  const today = zonedWallToMs({ y: p.y, n: p.n, d: p.d, h, m }, timeZone);
  return today > now ? today : zonedWallToMs({ y: p.y, n: p.n, d: p.d + 1, h, m }, timeZone);
}

const currency = z
  .string()
  .max(3)
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code such as EUR');
const tariffBody = z.object({ currency, tariff: tariffSchema });
const seconds = z
  .string()
  .max(15)
  .regex(/^\d{1,15}$/, 'must be whole seconds since the epoch')
  .transform(Number);
const costsQuery = z
  .object({ start: seconds, end: seconds, group: z.enum(['day', 'month', 'year']) })
  .refine((q) => q.end > q.start, { message: 'end must be after start', path: ['end'] })
  .refine((q) => q.end - q.start <= 400 * DAY_S, {
    message: 'ask for at most 400 days at a time',
    path: ['end'],
  });
const csvQuery = z.object({
  currency,
  valid_from: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .optional(),
  slot_minutes: z.enum(['30', '60']).transform(Number).optional(),
  fallback_price_per_kwh: z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,6})?$/)
    .transform(Number)
    .optional(),
});

interface HomeEnergy {
  currency: string | null;
  tariffs: Tariff[];
  source: PriceSourceAnswer | null;
  guard: PowerGuardSettings | null;
}

const zoneOf = (home: DemoHome): string =>
  typeof home.geo.tz_code === 'string' ? home.geo.tz_code : 'Europe/Madrid';

/** 1 January of `now`'s year at local midnight: the demo's tariffs hold from then. */
function startOfYear(now: number, timeZone: string): number {
  return zonedWallToMs({ y: zonedParts(now, timeZone).y, n: 1, d: 1, h: 0, m: 0 }, timeZone);
}

/**
 * The demo's tariffs: a time-of-use tariff in EUR (cheap nights, a dear weekday evening) on the
 * family house and most homes, one price in the city flat.
 */
function demoTariff(home: DemoHome, now: number): Tariff {
  const validFrom = startOfYear(now, zoneOf(home));
  if (home.name === 'City flat') return { kind: 'flat', validFrom, pricePerKwh: 0.27 };
  return {
    kind: 'time-of-use',
    validFrom,
    basePricePerKwh: 0.26,
    bands: [
      { days: [0, 1, 2, 3, 4, 5, 6], from: '00:00', to: '07:00', pricePerKwh: 0.14 },
      { days: [1, 2, 3, 4, 5], from: '18:00', to: '22:00', pricePerKwh: 0.38 },
    ],
  };
}

const isHeater = (n: SimNode) => n.type === 'htr' || n.type === 'acm';
/** Rooms the guard may lower: not storage heaters, whose draw follows their charging plan. */
const isGuardRoom = (n: SimNode) => n.type === 'htr' || n.type === 'thm';

/** A node's energy as intervals between its samples (raw), or per day over a long span. */
function intervals(
  dev: DemoDevice,
  node: SimNode,
  startS: number,
  endS: number,
  nowMs: number,
  timeZone: string,
): EnergyInterval[] {
  const nowS = Math.floor(nowMs / 1000);
  if (endS - startS > RAW_SPAN_S)
    return dailyEnergy(dev, node, startS * 1000, endS * 1000, timeZone, nowMs)
      .filter((d) => d.endMs > d.startMs && d.wh >= 0)
      .map((d) => ({ start: d.startMs, end: d.endMs, kwh: d.wh / 1000 }));
  const samples = rawSamples(dev, node, startS, endS, nowS);
  const out: EnergyInterval[] = [];
  for (let i = 1; i < samples.length; i += 1) {
    const a = samples[i - 1];
    const b = samples[i];
    if (!a || !b) continue;
    const kwh = (Number(b.counter) - Number(a.counter)) / 1000;
    if (b.t > a.t && kwh >= 0) out.push({ start: a.t * 1000, end: b.t * 1000, kwh });
  }
  return out;
}

const toWire = (b: {
  key: string;
  start: number;
  end: number;
  kwh: number;
  cost: number;
  unpricedKwh: number;
}) => ({
  key: b.key,
  start: Math.floor(b.start / 1000),
  end: Math.floor(b.end / 1000),
  kwh: b.kwh,
  cost: b.cost,
  unpriced_kwh: b.unpricedKwh,
});

/** What the guard did lately in a home with a power monitor, as the server's log shows it. */
function demoGuardLog(
  rooms: { id: string; name: string }[],
  now: number,
  dryRun: boolean,
): PowerGuardAction[] {
  const [first, second] = rooms;
  if (!first) return [];
  const at = (minAgo: number) => Math.floor((now - minAgo * MINUTE) / MINUTE) * MINUTE;
  const log: PowerGuardAction[] = [
    {
      id: 'demo-4',
      at: at(12),
      room: first.id,
      kind: 'restore',
      to_c: 21,
      dry_run: dryRun,
      text: `restored ${first.name} to 21 °C: the hour stays at 5.1 kW with it, under the 6.0 kW cap`,
      detail: { reason: 'headroom', projected_kw: 5.1, cap_kw: 6 },
    },
    {
      id: 'demo-2',
      at: at(33),
      room: first.id,
      kind: 'lower',
      to_c: 17,
      dry_run: dryRun,
      text: `lowered ${first.name} to 17 °C for 10 min: the hour was heading to 6.2 kW against a 6.0 kW cap`,
      detail: { reason: 'hour-average', projected_kw: 6.2, cap_kw: 6, minutes: 10 },
    },
  ];
  if (second)
    log.splice(1, 0, {
      id: 'demo-3',
      at: at(25),
      room: second.id,
      kind: 'release',
      to_c: 20,
      dry_run: dryRun,
      text: `left ${second.name} to its owner: its set point was changed by hand`,
      detail: { reason: 'owner-changed' },
    });
  return log;
}

/**
 * Issue 29 in demo mode (docs/energy.md "In the server"): tariffs, costs from the demo's own
 * history at the tariff valid at each moment (`@hearth/energy`, as the server prices them),
 * prices from a URL (the demo fetches nothing and says so) and the power guard with a log.
 */
export function energyRoutes(ctx: DemoContext): DemoRoute[] {
  const state = new Map<string, HomeEnergy>();
  const homeOf = (req: DemoRequest) => findHome(ctx, req.params[0] ?? '');
  const devicesOf = (home: DemoHome) =>
    home.devIds.flatMap((id) => ctx.world.devices.get(id) ?? []);
  const roomsOf = (home: DemoHome) =>
    devicesOf(home).flatMap((d) =>
      d.model.nodes
        .filter(isGuardRoom)
        .map((n) => ({ id: `${d.devId}/${n.type}/${n.addr}`, name: n.name })),
    );
  const monitorsOf = (home: DemoHome) =>
    devicesOf(home).flatMap((d) =>
      d.model.nodes.filter((n) => n.type === 'pmo').map((n) => `${d.devId}/pmo/${n.addr}`),
    );
  const energyOf = (home: DemoHome): HomeEnergy => {
    let e = state.get(home.id);
    if (!e) {
      const rooms = roomsOf(home);
      e = {
        currency: 'EUR',
        tariffs: [demoTariff(home, ctx.now())],
        source: null,
        guard:
          monitorsOf(home).length > 0
            ? {
                enabled: true,
                dry_run: true,
                cap_kw: 6,
                instant_cap_kw: null,
                priority: rooms.map((r) => r.id),
                monitor: null,
              }
            : null,
      };
      state.set(home.id, e);
    }
    return e;
  };
  const plans = new Map<string, ChargePlanSettings>();
  const storageOf = (req: DemoRequest) => {
    const dev = findDevice(ctx, req.params[0] ?? '');
    const node = findNode(dev, 'acm', req.params[1] ?? '');
    return { dev, node, key: `${dev.devId}/${node.addr}` };
  };
  /**
   * A storage heater's plan by `@hearth/energy` as the server plans it: the cheapest half hours
   * that reach the target by the ready-by time, at the home's tariff.
   */
  const chargePlan = (req: DemoRequest) => {
    const { dev, node, key } = storageOf(req);
    const home = homeOfDevice(ctx, dev);
    const settings = plans.get(key) ?? DEMO_CHARGE;
    const e = energyOf(home);
    if (!settings.enabled || e.tariffs.length === 0 || node.kind !== 'heater' || !node.storage)
      return { ...settings, plan: null };
    const now = ctx.now();
    const tz = zoneOf(home);
    const readyBy = nextWallTime(now, settings.ready_by, tz);
    const capacityKwh = node.storage.capacityWh / 1000;
    const [plan] = planCharging({
      now,
      history: pricing(home),
      powerLimit: [],
      heaters: [
        {
          id: key,
          name: node.name,
          powerKw: node.ratedPowerW / 1000,
          capacityKwh,
          chargeKwh: Math.min(capacityKwh, node.storage.chargeWh / 1000),
          targetKwh: (capacityKwh * settings.target_pct) / 100,
          readyBy,
          minBlockMs: settings.min_block_min * MINUTE,
        },
      ],
    });
    if (!plan) return { ...settings, plan: null };
    const currencyCode = e.currency ?? 'EUR';
    return {
      ...settings,
      plan: {
        from_ms: Math.ceil(now / (30 * MINUTE)) * 30 * MINUTE,
        to_ms: readyBy,
        slots: plan.slots.map((s) => ({
          start_ms: s.start,
          end_ms: s.end,
          kwh: s.kwh,
          price_per_kwh: s.pricePerKwh,
        })),
        cost: plan.cost,
        currency: currencyCode,
        reaches_target: plan.reachesTarget,
        text: formatChargePlan(plan.explanation, tz, currencyCode),
      },
    };
  };
  const history = (home: DemoHome) => {
    const e = energyOf(home);
    return { currency: e.currency, time_zone: zoneOf(home), tariffs: e.tariffs };
  };
  const pricing = (home: DemoHome): TariffHistory => {
    const e = energyOf(home);
    return { currency: e.currency ?? 'EUR', timeZone: zoneOf(home), tariffs: e.tariffs };
  };
  const store = (home: DemoHome, code: string, tariff: Tariff) => {
    const e = energyOf(home);
    if (e.currency !== null && e.tariffs.length > 0 && e.currency !== code)
      throw badRequest(
        `The home's tariffs are in ${e.currency}: give this one in ${e.currency} too`,
      );
    e.currency = code;
    e.tariffs = [...e.tariffs.filter((t) => t.validFrom !== tariff.validFrom), tariff].sort(
      (a, b) => a.validFrom - b.validFrom,
    );
    return history(home);
  };

  return [
    route('GET', `${HOME}/tariffs`, (req) => history(homeOf(req))),
    route('PUT', `${HOME}/tariffs`, (req) => {
      const home = homeOf(req);
      const body = parseBody(tariffBody, req.body);
      return store(home, body.currency, body.tariff);
    }),
    route('PUT', `${HOME}/tariffs/csv`, (req) => {
      const home = homeOf(req);
      const q = parseBody(csvQuery, Object.fromEntries(req.query), 'querystring');
      if (typeof req.body !== 'string') throw badRequest('send the price CSV as text/csv');
      let series;
      try {
        series = parsePriceCsv(req.body, q.slot_minutes as 30 | 60 | undefined);
      } catch (err) {
        if (err instanceof PriceCsvError) throw badRequest(err.message);
        throw err;
      }
      const first = series.prices[0]?.start;
      if (first === undefined) throw badRequest('line 1: the CSV holds no prices');
      return store(home, q.currency, {
        kind: 'dynamic',
        validFrom: q.valid_from ?? first,
        slotMinutes: series.slotMinutes,
        prices: series.prices,
        ...(q.fallback_price_per_kwh === undefined
          ? {}
          : { fallbackPricePerKwh: q.fallback_price_per_kwh }),
      });
    }),
    route('GET', `${HOME}/tariffs/price_source`, (req) => {
      const source = energyOf(homeOf(req)).source;
      if (!source) throw notFound('price source');
      return source;
    }),
    route('PUT', `${HOME}/tariffs/price_source`, (req) => {
      const e = energyOf(homeOf(req));
      const body = parseBody(priceSourceBody, req.body);
      // The demo reaches no network: the address is kept, its fetch says why nothing came.
      e.source = {
        url: body.url,
        currency: body.currency,
        last_fetch_ms: null,
        last_error: 'demo mode fetches nothing: prices come from a URL only on a real server',
      };
      return e.source;
    }),
    route(
      'DELETE',
      `${HOME}/tariffs/price_source`,
      (req) => {
        energyOf(homeOf(req)).source = null;
        return null;
      },
      204,
    ),
    route(
      'DELETE',
      `${HOME}/tariffs/:ms`,
      (req) => {
        const home = homeOf(req);
        const e = energyOf(home);
        const ms = Number(req.params[1]);
        if (!/^\d{1,15}$/.test(req.params[1] ?? '')) throw badRequest('must be ms since the epoch');
        if (ms <= ctx.now())
          throw badRequest(
            'A tariff already in force stays, so that past costs keep their price; add a new one from a later date instead',
          );
        if (!e.tariffs.some((t) => t.validFrom === ms)) throw notFound('Tariff');
        e.tariffs = e.tariffs.filter((t) => t.validFrom !== ms);
        return null;
      },
      204,
    ),
    route('GET', `${HOME}/costs`, (req) => {
      const home = homeOf(req);
      const q = parseBody(costsQuery, Object.fromEntries(req.query), 'querystring');
      const now = ctx.now();
      const tz = zoneOf(home);
      const priced = pricing(home);
      const nodes = devicesOf(home).flatMap((dev) =>
        dev.model.nodes
          .filter((n) => isHeater(n) || n.type === 'pmo')
          .map((n) => ({
            dev,
            n,
            buckets: costByPeriod(priced, intervals(dev, n, q.start, q.end, now, tz), q.group),
          })),
      );
      // The home adds its heaters; a power monitor measures the whole supply.
      const homeBuckets = new Map<string, ReturnType<typeof toWire>>();
      for (const { n, buckets } of nodes) {
        if (n.type === 'pmo') continue;
        for (const b of buckets.map(toWire)) {
          const sum = homeBuckets.get(b.key) ?? { ...b, kwh: 0, cost: 0, unpriced_kwh: 0 };
          sum.kwh += b.kwh;
          sum.cost += b.cost;
          sum.unpriced_kwh += b.unpriced_kwh;
          homeBuckets.set(b.key, sum);
        }
      }
      const p = zonedParts(now, tz);
      const monthStart = zonedWallToMs({ y: p.y, n: p.n, d: 1, h: 0, m: 0 }, tz);
      const fromS = Math.floor(Math.min(monthStart, now - 8 * DAY_S * 1000) / 1000);
      const recent = nodes
        .filter(({ n }) => n.type !== 'pmo')
        .flatMap(({ dev, n }) => intervals(dev, n, fromS, Math.floor(now / 1000), now, tz));
      const m = monthToDate(priced, recent, now);
      return {
        currency: energyOf(home).tariffs.length > 0 ? energyOf(home).currency : null,
        time_zone: tz,
        group: q.group,
        home: { buckets: [...homeBuckets.values()].sort((a, b) => a.start - b.start) },
        nodes: nodes.map(({ dev, n, buckets }) => ({
          dev: dev.devId,
          type: n.type,
          addr: n.addr,
          name: n.name,
          buckets: buckets.map(toWire),
        })),
        month_to_date: {
          key: m.key,
          start: Math.floor(m.start / 1000),
          end: Math.floor(m.end / 1000),
          kwh_to_date: m.kwhToDate,
          cost_to_date: m.costToDate,
          unpriced_kwh_to_date: m.unpricedKwhToDate,
          projected_kwh: m.projectedKwh,
          projected_cost: m.projectedCost,
          basis: m.basis,
        },
      };
    }),
    route('GET', `${HOME}/power_guard`, (req) => {
      const guard = energyOf(homeOf(req)).guard;
      if (!guard) throw notFound('power guard');
      return guard;
    }),
    route('PUT', `${HOME}/power_guard`, (req) => {
      const home = homeOf(req);
      const body = parseBody(powerGuardSettings, req.body);
      const rooms = new Set(roomsOf(home).map((r) => r.id));
      const stranger = body.priority.find((id) => !rooms.has(id));
      if (stranger) throw badRequest(`priority: ${stranger} is not a heater of this home`);
      if (monitorsOf(home).length === 0)
        throw new DemoHttpFailure(
          400,
          'validation_failed',
          'This home has no power monitor for the guard to read',
        );
      energyOf(home).guard = body;
      return body;
    }),
    route('GET', `${HOME}/power_guard/actions`, (req) => {
      const home = homeOf(req);
      parseBody(powerGuardActionsQuery, Object.fromEntries(req.query), 'querystring');
      const guard = energyOf(home).guard;
      return { actions: guard ? demoGuardLog(roomsOf(home), ctx.now(), guard.dry_run) : [] };
    }),
    route('GET', `${NODE_ACM}/charge_plan`, (req) => chargePlan(req)),
    route('PUT', `${NODE_ACM}/charge_plan`, (req) => {
      const { key } = storageOf(req);
      plans.set(key, parseBody(chargePlanSettings, req.body));
      return chargePlan(req);
    }),
  ];
}
