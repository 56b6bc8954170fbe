import type { AccessTokenClaims } from '@hearth/protocol';
import {
  costByPeriod,
  monthToDate,
  parsePriceCsv,
  parseTariffHistory,
  PriceCsvError,
  type CostBucket,
  type CostPeriod,
  type EnergyInterval,
  type Tariff,
  type TariffHistory,
} from '@hearth/energy';
import { ZodError } from 'zod';
import { isAppSession } from '../auth/scopes';
import { errors } from '../errors';
import type { HomeAccess } from '../homes/home-access';
import { isTimeZone } from '../samples/sample-days.repository';
import type { EnergyIntervalsRepository } from './energy-intervals.repository';
import type { CostsAnswer } from './energy.schemas';
import type { TariffsRepository } from './tariffs.repository';

/** A power monitor measures the whole supply: its energy is its own row, not added to the home's. */
const WHOLE_HOME_METER = 'pmo';
/** Month-to-date reads this far back: the month so far and the projection's trailing days. */
const MONTH_READ_S = 32 * 86_400;
/** Stands in for the currency while a home has no tariff: every kWh is then unpriced. */
const NO_CURRENCY = 'XXX';

/** The home's IANA zone from its geo data; UTC when it holds none this server knows. */
export function zoneOf(geoData: Record<string, unknown>): string {
  const code = geoData.tz_code;
  return typeof code === 'string' && isTimeZone(code) ? code : 'UTC';
}

function bucketsOut(buckets: CostBucket[]) {
  return buckets.map((b) => ({
    key: b.key,
    start: Math.round(b.start / 1000),
    end: Math.round(b.end / 1000),
    kwh: b.kwh,
    cost: b.cost,
    unpriced_kwh: b.unpricedKwh,
  }));
}

function firstIssue(err: ZodError): string {
  const issue = err.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue?.message ?? 'invalid tariff'}`;
}

/**
 * A home's tariffs and costs (docs/energy.md "In the server"): everyone the home is shared with
 * reads them; its owner, signed in to the app, changes the tariffs.
 */
export function createEnergyService(deps: {
  access: Pick<HomeAccess, 'home'>;
  tariffs: TariffsRepository;
  intervals: EnergyIntervalsRepository;
  now?: () => number;
}) {
  const { access, tariffs, intervals } = deps;
  const now = deps.now ?? Date.now;

  async function owner(user: AccessTokenClaims, groupId: string) {
    const found = await access.home(user.userId, groupId, 'owner');
    if (!isAppSession(user.scope)) throw errors.forbidden('This token may not change tariffs');
    return found;
  }

  async function history(groupId: string, timeZone: string): Promise<TariffHistory | undefined> {
    const rows = await tariffs.list(groupId);
    const currency = rows[0]?.currency;
    if (currency === undefined) return undefined;
    return { currency, timeZone, tariffs: rows.map((r) => r.tariff) };
  }

  async function put(user: AccessTokenClaims, groupId: string, currency: string, tariff: Tariff) {
    const { home } = await owner(user, groupId);
    return store(groupId, zoneOf(home.geoData), currency, tariff);
  }

  /** Adds a checked tariff to the history (a 400 naming the problem when it does not fit). */
  async function store(groupId: string, timeZone: string, currency: string, tariff: Tariff) {
    const rows = await tariffs.list(groupId);
    const other = rows.find((r) => r.currency !== currency);
    if (other)
      throw errors.validation(
        `The home's tariffs are in ${other.currency}: give this one in ${other.currency} too`,
      );
    const merged = [
      ...rows.map((r) => r.tariff).filter((t) => t.validFrom !== tariff.validFrom),
      tariff,
    ];
    merged.sort((a, b) => a.validFrom - b.validFrom);
    try {
      parseTariffHistory({ currency, timeZone, tariffs: merged });
    } catch (err) {
      if (err instanceof ZodError) throw errors.validation(firstIssue(err));
      throw err;
    }
    await tariffs.put(groupId, currency, tariff);
    return { currency, time_zone: timeZone, tariffs: merged };
  }

  return {
    async list(user: AccessTokenClaims, groupId: string) {
      const { home } = await access.home(user.userId, groupId);
      const timeZone = zoneOf(home.geoData);
      const h = await history(groupId, timeZone);
      return { currency: h?.currency ?? null, time_zone: timeZone, tariffs: h?.tariffs ?? [] };
    },
    put,
    store,
    /** The home's tariffs as the energy package reads them; undefined while it has none. */
    history,
    /** A dynamic tariff from the price CSV, its problems named by line. */
    async putCsv(
      user: AccessTokenClaims,
      groupId: string,
      lines: string[],
      opts: {
        currency: string;
        validFrom?: number;
        slotMinutes?: number;
        fallbackPricePerKwh?: number;
      },
    ) {
      await owner(user, groupId);
      let series;
      try {
        series = parsePriceCsv(
          lines.join('\n'),
          opts.slotMinutes === 30 || opts.slotMinutes === 60 ? opts.slotMinutes : undefined,
        );
      } catch (err) {
        if (err instanceof PriceCsvError) throw errors.validation(err.message);
        throw err;
      }
      const tariff: Tariff = {
        kind: 'dynamic',
        validFrom: opts.validFrom ?? series.prices[0]?.start ?? now(),
        slotMinutes: series.slotMinutes,
        prices: series.prices,
        ...(opts.fallbackPricePerKwh === undefined
          ? {}
          : { fallbackPricePerKwh: opts.fallbackPricePerKwh }),
      };
      return put(user, groupId, opts.currency, tariff);
    },
    /** Only a tariff not yet in force: one that has been keeps the past costs' prices. */
    async remove(user: AccessTokenClaims, groupId: string, validFrom: number) {
      await owner(user, groupId);
      if (validFrom <= now())
        throw errors.validation(
          'A tariff already in force stays, so that past costs keep their price; add a new one from a later date instead',
        );
      if (!(await tariffs.remove(groupId, validFrom))) throw errors.notFound('Tariff not found');
    },
    async costs(
      user: AccessTokenClaims,
      groupId: string,
      start: number,
      end: number,
      group: CostPeriod,
    ): Promise<CostsAnswer> {
      const { home } = await access.home(user.userId, groupId);
      const timeZone = zoneOf(home.geoData);
      const h = (await history(groupId, timeZone)) ?? {
        currency: NO_CURRENCY,
        timeZone,
        tariffs: [],
      };
      const nodes = await intervals.forHome(groupId, start, end);
      const homeIntervals = (list: typeof nodes): EnergyInterval[] =>
        list.filter((n) => n.type !== WHOLE_HOME_METER).flatMap((n) => n.intervals);
      const at = now();
      const nowS = Math.ceil(at / 1000);
      const recent = await intervals.forHome(groupId, nowS - MONTH_READ_S, nowS);
      const mtd = monthToDate(h, homeIntervals(recent), at);
      return {
        currency: h.currency === NO_CURRENCY ? null : h.currency,
        time_zone: timeZone,
        group,
        home: { buckets: bucketsOut(costByPeriod(h, homeIntervals(nodes), group)) },
        nodes: nodes.map((n) => ({
          dev: n.dev,
          type: n.type,
          addr: n.addr,
          name: n.name,
          buckets: bucketsOut(costByPeriod(h, n.intervals, group)),
        })),
        month_to_date: {
          key: mtd.key,
          start: Math.round(mtd.start / 1000),
          end: Math.round(mtd.end / 1000),
          kwh_to_date: mtd.kwhToDate,
          cost_to_date: mtd.costToDate,
          unpriced_kwh_to_date: mtd.unpricedKwhToDate,
          projected_kwh: mtd.projectedKwh,
          projected_cost: mtd.projectedCost,
          basis: mtd.basis,
        },
      };
    },
  };
}
export type EnergyService = ReturnType<typeof createEnergyService>;
