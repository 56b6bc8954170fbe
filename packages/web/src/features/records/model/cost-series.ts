import type { RecordsPeriod } from '@hearth/protocol';
import type { CostBucket, CostsAnswer } from '../api/costs-api';

export interface CostSeries {
  currency: string;
  /** Cost per chart bucket; null where nothing was used; absent on a day chart (one total). */
  cost: (number | null)[] | undefined;
  /** Energy without a price per chart bucket (kWh). */
  unpricedKwh: (number | null)[] | undefined;
  /** The whole period. */
  total: number;
  totalKwh: number;
  totalUnpricedKwh: number;
}

/** The chart bucket a cost bucket belongs to: a month chart's day, a year chart's month. */
function indexOf(key: string, period: RecordsPeriod): number | undefined {
  const parts = key.split('-').map(Number);
  if (period.scope === 'month' && parts.length === 3) return (parts[2] ?? 0) - 1;
  if (period.scope === 'year' && parts.length === 2) return (parts[1] ?? 0) - 1;
  return undefined;
}

/**
 * The cost of the shown nodes per chart bucket, summed over them (the same nodes whose kWh the
 * chart shows); undefined while the home has no tariff.
 */
export function costSeries(
  answer: CostsAnswer | undefined,
  nodes: readonly { devId: string; type: string; addr: number }[],
  period: RecordsPeriod,
  count: number,
): CostSeries | undefined {
  if (!answer || answer.currency === null) return undefined;
  const shown = answer.nodes.filter((n) =>
    nodes.some(
      (s) =>
        s.devId.toLowerCase() === n.dev.toLowerCase() && s.type === n.type && s.addr === n.addr,
    ),
  );
  const buckets: CostBucket[] = shown.flatMap((n) => n.buckets);
  const perBucket = period.scope !== 'day';
  const cost: (number | null)[] = Array<number | null>(count).fill(null);
  const unpriced: (number | null)[] = Array<number | null>(count).fill(null);
  let total = 0;
  let totalKwh = 0;
  let totalUnpriced = 0;
  for (const b of buckets) {
    total += b.cost;
    totalKwh += b.kwh;
    totalUnpriced += b.unpriced_kwh;
    const i = indexOf(b.key, period);
    if (!perBucket || i === undefined || i < 0 || i >= count) continue;
    cost[i] = (cost[i] ?? 0) + b.cost;
    unpriced[i] = (unpriced[i] ?? 0) + b.unpriced_kwh;
  }
  return {
    currency: answer.currency,
    cost: perBucket ? cost : undefined,
    unpricedKwh: perBucket ? unpriced : undefined,
    total,
    totalKwh,
    totalUnpricedKwh: totalUnpriced,
  };
}
