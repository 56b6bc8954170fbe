import type { AccessTokenClaims, PriceSourceAnswer, PriceSourceBody } from '@hearth/protocol';
import { parsePriceCsv, priceAt, PriceCsvError, type Tariff } from '@hearth/energy';
import { isAppSession } from '../auth/scopes';
import { errors } from '../errors';
import { HttpError } from '../errors/http-error';
import type { HomeAccess } from '../homes/home-access';
import type { HomesAdminRepository } from '../homes/homes-admin.repository';
import type { Logger } from '../logger';
import type { EnergyAutomationRepository, PriceSourceRow } from './automation.repository';
import { zoneOf, type EnergyService } from './energy.service';
import { fetchPriceText, PriceFetchError, priceUrlProblem } from './price-fetch';

/** A price source is fetched this often (day-ahead prices appear once a day; hourly catches them). */
export const PRICE_REFRESH_MS = 60 * 60_000;
/** A stored error is cut to this length. */
const ERROR_MAX = 300;

/** The words of a failed fetch or a refused series, safe to store and show the owner. */
function errorText(err: unknown): string {
  if (err instanceof PriceFetchError || err instanceof PriceCsvError || err instanceof HttpError)
    return err.message.slice(0, ERROR_MAX);
  return 'the prices could not be stored';
}

export function presentPriceSource(row: PriceSourceRow): PriceSourceAnswer {
  return {
    url: row.url,
    currency: row.currency,
    last_fetch_ms: row.lastFetchAt?.getTime() ?? null,
    last_error: row.lastError,
  };
}

/**
 * Prices from a URL (docs/energy.md "Prices from a URL"): the owner names a price CSV on a host
 * the operator allows; it is fetched at once and then hourly, and each fetch that brings prices
 * the home's tariffs do not hold yet adds a dynamic tariff from the current slot on (the past
 * keeps the prices it was costed at).
 */
export function createPriceSources(deps: {
  repo: EnergyAutomationRepository;
  energy: Pick<EnergyService, 'store' | 'history'>;
  access: Pick<HomeAccess, 'home'>;
  homes: Pick<HomesAdminRepository, 'findHome'>;
  /** PRICE_URL_HOSTS: exact host names. */
  hosts: readonly string[];
  log: Logger;
  now?: () => number;
  /** Tests: a shorter limit. */
  fetchTimeoutMs?: number;
  /** Prices were stored for a home (charge plans re-plan). */
  onPrices?: (groupId: string) => void;
}) {
  const { repo, energy, access, homes, hosts, log } = deps;
  const now = deps.now ?? Date.now;

  async function owner(user: AccessTokenClaims, groupId: string) {
    const found = await access.home(user.userId, groupId, 'owner');
    if (!isAppSession(user.scope)) throw errors.forbidden('This token may not change tariffs');
    return found;
  }

  /** Stores what `text` holds beyond the home's tariffs; false when it held nothing new. */
  async function storeSeries(src: PriceSourceRow, text: string, at: number): Promise<boolean> {
    const slot = src.slotMinutes === 30 || src.slotMinutes === 60 ? src.slotMinutes : undefined;
    const series = parsePriceCsv(text, slot);
    const slotMs = series.slotMinutes * 60_000;
    const home = await homes.findHome(src.groupId);
    if (!home) return false;
    const timeZone = zoneOf(home.geoData);
    const history = await energy.history(src.groupId, timeZone);
    // From the current slot on: the past keeps the prices it was costed at. A tariff that
    // starts later (an earlier fetch of the next day) is replaced from its own start.
    const later = history?.tariffs.filter((t) => t.validFrom > at).map((t) => t.validFrom) ?? [];
    const from = Math.max(
      series.prices[0]?.start ?? at,
      Math.floor(at / slotMs) * slotMs,
      ...later,
    );
    const prices = series.prices.filter((p) => p.start >= from);
    if (prices.length === 0) throw new PriceFetchError('the prices hold no slot from now on');
    const known =
      history !== undefined && prices.every((p) => priceAt(history, p.start) === p.pricePerKwh);
    if (known) return false;
    const tariff: Tariff = {
      kind: 'dynamic',
      validFrom: from,
      slotMinutes: series.slotMinutes,
      prices,
      ...(src.fallbackPricePerKwh === null ? {} : { fallbackPricePerKwh: src.fallbackPricePerKwh }),
    };
    await energy.store(src.groupId, timeZone, src.currency, tariff);
    return true;
  }

  /** One fetch of a source; its outcome stored on the source (never the URL's secrets). */
  async function refresh(src: PriceSourceRow): Promise<void> {
    const at = now();
    let error: string | null = null;
    try {
      const text = await fetchPriceText(src.url, hosts, {
        ...(deps.fetchTimeoutMs === undefined ? {} : { timeoutMs: deps.fetchTimeoutMs }),
      });
      if (await storeSeries(src, text, at)) deps.onPrices?.(src.groupId);
    } catch (err) {
      error = errorText(err);
      // The host only: the path and query may hold a key of the owner's.
      log.info({ groupId: src.groupId, host: new URL(src.url).host, error }, 'price fetch failed');
    }
    await repo.fetched(src.groupId, src.url, { at: new Date(at), error });
  }

  return {
    async get(user: AccessTokenClaims, groupId: string): Promise<PriceSourceAnswer> {
      await access.home(user.userId, groupId, 'owner');
      const row = await repo.priceSource(groupId);
      if (!row) throw errors.notFound('This home has no price source');
      return presentPriceSource(row);
    },
    async put(
      user: AccessTokenClaims,
      groupId: string,
      body: PriceSourceBody,
    ): Promise<PriceSourceAnswer> {
      await owner(user, groupId);
      const problem = priceUrlProblem(body.url, hosts);
      if (problem) throw errors.priceSourceNotAllowed(problem);
      const tariffs = await energy.history(groupId, 'UTC');
      if (tariffs && tariffs.currency !== body.currency)
        throw errors.validation(
          `The home's tariffs are in ${tariffs.currency}: give the prices in ${tariffs.currency} too`,
        );
      await repo.putPriceSource(groupId, {
        url: body.url,
        currency: body.currency,
        slotMinutes: body.slot_minutes ?? null,
        fallbackPricePerKwh: body.fallback_price_per_kwh ?? null,
      });
      // Fetched at once; the hourly fetches of every process leave it for an hour.
      const [claimed] = await repo.claimDue(
        new Date(now() + 1000),
        new Date(now() + PRICE_REFRESH_MS),
        1,
        groupId,
      );
      if (claimed) await refresh(claimed);
      const row = await repo.priceSource(groupId);
      if (!row) throw errors.notFound('This home has no price source');
      return presentPriceSource(row);
    },
    async remove(user: AccessTokenClaims, groupId: string): Promise<void> {
      await owner(user, groupId);
      if (!(await repo.removePriceSource(groupId)))
        throw errors.notFound('This home has no price source');
    },
    /** The fetches due now, each claimed by this process alone. */
    async refreshDue(): Promise<number> {
      const at = now();
      const due = await repo.claimDue(new Date(at), new Date(at + PRICE_REFRESH_MS));
      for (const src of due) await refresh(src);
      return due.length;
    },
  };
}
export type PriceSources = ReturnType<typeof createPriceSources>;
