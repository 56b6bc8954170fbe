import { useQuery } from '@tanstack/react-query';
import type {
  ChargePlanAnswer,
  ChargePlanSettings,
  PowerGuardAction,
  PowerGuardSettings,
  PriceSourceAnswer,
  PriceSourceBody,
} from '@hearth/protocol';
import { http, HttpError } from '../../lib/http';

/** Hearth's own energy routes (docs/energy.md "In the server"). */
const HOMES = '/api/hearth/v1/homes';
const enc = encodeURIComponent;

export interface TouBand {
  days: number[];
  from: string;
  to: string;
  pricePerKwh: number;
}
export type Tariff =
  | { kind: 'flat'; validFrom: number; pricePerKwh: number }
  | { kind: 'time-of-use'; validFrom: number; basePricePerKwh: number; bands: TouBand[] }
  | {
      kind: 'dynamic';
      validFrom: number;
      slotMinutes: 30 | 60;
      prices: { start: number; pricePerKwh: number }[];
      fallbackPricePerKwh?: number;
    };

export interface TariffHistory {
  /** Null while the home has no tariff. */
  currency: string | null;
  time_zone: string;
  tariffs: Tariff[];
}

export interface CostBucket {
  key: string;
  start: number;
  end: number;
  kwh: number;
  cost: number;
  unpriced_kwh: number;
}
export interface MonthToDate {
  key: string;
  start: number;
  end: number;
  kwh_to_date: number;
  cost_to_date: number;
  unpriced_kwh_to_date: number;
  projected_kwh: number;
  projected_cost: number;
  basis: 'trailing-days' | 'month-to-date' | 'none';
}
export interface CostsAnswer {
  currency: string | null;
  time_zone: string;
  group: 'day' | 'month' | 'year';
  home: { buckets: CostBucket[] };
  nodes: { dev: string; type: string; addr: number; name: string; buckets: CostBucket[] }[];
  month_to_date: MonthToDate;
}

export const energyKeys = {
  tariffs: (gid: string) => ['energy', gid, 'tariffs'] as const,
  priceSource: (gid: string) => ['energy', gid, 'price-source'] as const,
  monthCost: (gid: string) => ['energy', gid, 'month-cost'] as const,
  guard: (gid: string) => ['energy', gid, 'power-guard'] as const,
  guardActions: (gid: string) => ['energy', gid, 'power-guard', 'actions'] as const,
  chargePlan: (dev: string, addr: number) => ['energy', 'charge-plan', dev, addr] as const,
};

export function useTariffs(gid: string) {
  return useQuery({
    queryKey: energyKeys.tariffs(gid),
    queryFn: ({ signal }) =>
      http.request<TariffHistory>(`${HOMES}/${enc(gid)}/tariffs`, { signal }),
    enabled: gid !== '',
  });
}

export function putTariff(gid: string, currency: string, tariff: Tariff): Promise<TariffHistory> {
  return http.request<TariffHistory>(`${HOMES}/${enc(gid)}/tariffs`, {
    method: 'PUT',
    json: { currency, tariff },
  });
}

/** The price CSV as the server reads it; a bad line is a 400 naming it ("line 4: …"). */
export function putTariffCsv(
  gid: string,
  csv: string,
  options: { currency: string; validFrom?: number; fallbackPricePerKwh?: number },
): Promise<TariffHistory> {
  const q = new URLSearchParams({ currency: options.currency });
  if (options.validFrom !== undefined) q.set('valid_from', String(options.validFrom));
  if (options.fallbackPricePerKwh !== undefined)
    q.set('fallback_price_per_kwh', String(options.fallbackPricePerKwh));
  return http.request<TariffHistory>(`${HOMES}/${enc(gid)}/tariffs/csv?${q.toString()}`, {
    method: 'PUT',
    text: { body: csv, type: 'text/csv' },
  });
}

export function deleteTariff(gid: string, validFrom: number): Promise<unknown> {
  return http.request(`${HOMES}/${enc(gid)}/tariffs/${validFrom}`, { method: 'DELETE' });
}

/** The month so far and its projection, from the costs route. */
export function useMonthCost(gid: string, nowMs: number) {
  // A day of the month is enough to carry month_to_date; it is kept 15 minutes.
  const end = Math.floor(nowMs / 1000);
  return useQuery({
    queryKey: energyKeys.monthCost(gid),
    queryFn: ({ signal }) =>
      http.request<CostsAnswer>(
        `${HOMES}/${enc(gid)}/costs?start=${end - 86_400}&end=${end}&group=month`,
        { signal, quiet: true },
      ),
    staleTime: 15 * 60_000,
    enabled: gid !== '',
  });
}

/** null when the home has no price URL (404). */
export function usePriceSource(gid: string, enabled: boolean) {
  return useQuery({
    queryKey: energyKeys.priceSource(gid),
    queryFn: async ({ signal }) => {
      try {
        return await http.request<PriceSourceAnswer>(`${HOMES}/${enc(gid)}/tariffs/price_source`, {
          signal,
          quiet: true,
        });
      } catch (err) {
        if (err instanceof HttpError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: enabled && gid !== '',
  });
}

/**
 * Quiet: the screen words every failure itself, a host off the operator's list
 * (`price_source_not_allowed`) included, which the app's toast would only call a failed request.
 */
export function putPriceSource(gid: string, body: PriceSourceBody): Promise<PriceSourceAnswer> {
  return http.request<PriceSourceAnswer>(`${HOMES}/${enc(gid)}/tariffs/price_source`, {
    method: 'PUT',
    json: body,
    quiet: true,
  });
}

export function deletePriceSource(gid: string): Promise<unknown> {
  return http.request(`${HOMES}/${enc(gid)}/tariffs/price_source`, { method: 'DELETE' });
}

/** null when the server has no guard for the home yet (404). */
export function usePowerGuard(gid: string) {
  return useQuery({
    queryKey: energyKeys.guard(gid),
    queryFn: async ({ signal }) => {
      try {
        return await http.request<PowerGuardSettings>(`${HOMES}/${enc(gid)}/power_guard`, {
          signal,
          quiet: true,
        });
      } catch (err) {
        if (err instanceof HttpError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: gid !== '',
  });
}

export function putPowerGuard(gid: string, body: PowerGuardSettings): Promise<PowerGuardSettings> {
  return http.request<PowerGuardSettings>(`${HOMES}/${enc(gid)}/power_guard`, {
    method: 'PUT',
    json: body,
  });
}

export function useGuardActions(gid: string) {
  return useQuery({
    queryKey: energyKeys.guardActions(gid),
    queryFn: ({ signal }) =>
      http.request<{ actions: PowerGuardAction[] }>(
        `${HOMES}/${enc(gid)}/power_guard/actions?limit=50`,
        { signal, quiet: true },
      ),
    enabled: gid !== '',
    refetchInterval: 60_000,
  });
}

export function useChargePlan(dev: string, addr: number) {
  return useQuery({
    queryKey: energyKeys.chargePlan(dev, addr),
    queryFn: ({ signal }) =>
      http.request<ChargePlanAnswer>(`/api/hearth/v1/devs/${enc(dev)}/acm/${addr}/charge_plan`, {
        signal,
        quiet: true,
      }),
  });
}

export function putChargePlan(
  dev: string,
  addr: number,
  body: ChargePlanSettings,
): Promise<ChargePlanAnswer> {
  return http.request<ChargePlanAnswer>(`/api/hearth/v1/devs/${enc(dev)}/acm/${addr}/charge_plan`, {
    method: 'PUT',
    json: body,
  });
}
