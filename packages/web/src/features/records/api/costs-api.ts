import { useQuery } from '@tanstack/react-query';
import { periodRangeMs, type RecordsPeriod } from '@hearth/protocol';
import { http } from '../../../lib/http';

/** A day, month or year of the home's calendar with its energy and cost (docs/energy.md). */
export interface CostBucket {
  key: string;
  start: number;
  end: number;
  kwh: number;
  cost: number;
  /** Energy used while no price was known: never counted as free. */
  unpriced_kwh: number;
}

export interface CostsAnswer {
  /** Null while the home has no tariff. */
  currency: string | null;
  time_zone: string;
  group: 'day' | 'month' | 'year';
  home: { buckets: CostBucket[] };
  nodes: { dev: string; type: string; addr: number; name: string; buckets: CostBucket[] }[];
}

/** A month chart's days, a year chart's months; a day chart reads its day as one bucket. */
export function costGroup(period: RecordsPeriod): 'day' | 'month' {
  return period.scope === 'year' ? 'month' : 'day';
}

/**
 * Issue 29: the costs of the period's buckets from the server (each moment at the tariff valid
 * then); kept 15 minutes like the current month's samples. Quiet: the records still show kWh.
 */
export function useCosts(homeId: string, period: RecordsPeriod, timeZone: string) {
  const { start, end } = periodRangeMs(period, timeZone);
  const group = costGroup(period);
  const s = Math.floor(start / 1000);
  const e = Math.floor(end / 1000);
  return useQuery({
    queryKey: ['costs', homeId, group, s, e],
    queryFn: ({ signal }) =>
      http.request<CostsAnswer>(
        `/api/hearth/v1/homes/${encodeURIComponent(homeId)}/costs?start=${s}&end=${e}&group=${group}`,
        { signal, quiet: true },
      ),
    staleTime: 15 * 60_000,
    enabled: homeId !== '',
  });
}
