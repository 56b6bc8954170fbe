import { useMemo } from 'react';
import { queryOptions, useQueries } from '@tanstack/react-query';
import {
  isSampleCacheValid,
  sampleCacheKey,
  SAMPLE_CACHE_PAST_MONTH_MS,
  type CalendarDate,
  type NodeType,
} from '@hearth/protocol';
import { nodeUrl, useHomes } from '../../../lib/devices';
import { http, needsOwnMessage } from '../../../lib/http';
import { monthRangeSeconds, type WireSample } from '../model/records-series';

export interface RecordsNode {
  devId: string;
  type: NodeType;
  addr: number;
  name: string;
}

/** The app's one home list, in its one order (ruling D4: the same list after Back). */
export const useHomesData = useHomes;

/**
 * Spec 3 §3–4: samples are cached per node and month; a past month stays valid 7 days, the
 * current one 15 minutes. TanStack Query keeps the entry, staleTime carries the rule.
 */
export function samplesQuery(
  node: RecordsNode,
  month: { year: number; month: number },
  timeZone: string,
  today: CalendarDate,
) {
  const { start, end } = monthRangeSeconds(month.year, month.month, timeZone);
  return queryOptions({
    queryKey: [
      'devs',
      node.devId,
      node.type,
      node.addr,
      'samples',
      sampleCacheKey(month.year, month.month),
    ],
    queryFn: async ({ signal }) => {
      const answer = await http.request<{ samples: WireSample[] }>(
        `${nodeUrl(node, 'samples')}?start=${start}&end=${end}`,
        { signal },
      );
      return answer.samples;
    },
    staleTime: (query) =>
      isSampleCacheValid({ ...month, fetchedAt: query.state.dataUpdatedAt }, Date.now(), today)
        ? Infinity
        : 0,
    gcTime: SAMPLE_CACHE_PAST_MONTH_MS,
  });
}

/**
 * A year chart asks for one entry per month (our server's group=month, in the home's zone)
 * rather than twelve months of raw samples; past years stay 7 days, the current one 15 min.
 */
export function yearSamplesQuery(
  node: RecordsNode,
  year: number,
  timeZone: string,
  today: CalendarDate,
) {
  const start = monthRangeSeconds(year, 1, timeZone).start;
  const end = monthRangeSeconds(year, 12, timeZone).end;
  const tz = encodeURIComponent(timeZone);
  return queryOptions({
    queryKey: ['devs', node.devId, node.type, node.addr, 'samples', String(year), timeZone],
    queryFn: async ({ signal }) => {
      const answer = await http.request<{ samples: WireSample[] }>(
        `${nodeUrl(node, 'samples')}?start=${start}&end=${end}&group=month&tz=${tz}`,
        { signal },
      );
      return answer.samples;
    },
    staleTime: (query) =>
      isSampleCacheValid(
        { year, month: year < today.year ? 12 : today.month, fetchedAt: query.state.dataUpdatedAt },
        Date.now(),
        today,
      )
        ? Infinity
        : 0,
    gcTime: SAMPLE_CACHE_PAST_MONTH_MS,
  });
}

// Module-level so TanStack Query keeps the combined value while no result changes.
function combineSamples(
  results: { isPending: boolean; isError: boolean; error: unknown; data?: WireSample[] }[],
) {
  return {
    pending: results.some((r) => r.isPending),
    error: results.some((r) => r.isError),
    // Spec 1 §8: the error toast tells a failed read (data-update) unless it was a refusal.
    ownMessage: results.some((r) => r.isError && needsOwnMessage(r.error)),
    data: results.map((r) => r.data),
  };
}

/** Every node's samples for the months asked, as one list per node (stable while unchanged). */
export function useSamples(
  nodes: readonly RecordsNode[],
  months: readonly { year: number; month: number }[] | { year: number },
  timeZone: string,
  today: CalendarDate,
): { pending: boolean; error: boolean; ownMessage: boolean; perNode: WireSample[][] } {
  const perMonth = 'length' in months;
  const pairs =
    'length' in months
      ? nodes.flatMap((node, n) => months.map((month) => ({ node, n, month })))
      : nodes.map((node, n) => ({ node, n, month: { year: months.year, month: 1 } }));
  const combined = useQueries({
    queries: pairs.map((p) =>
      perMonth
        ? samplesQuery(p.node, p.month, timeZone, today)
        : yearSamplesQuery(p.node, p.month.year, timeZone, today),
    ),
    combine: combineSamples,
  });
  const perNode = useMemo(() => {
    const out: WireSample[][] = nodes.map(() => []);
    combined.data.forEach((samples, i) => {
      const n = pairs[i]?.n;
      if (n !== undefined && samples) out[n]?.push(...samples);
    });
    return out;
    // pairs follows nodes and months, which the data already reflects.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [combined.data]);
  return {
    pending: combined.pending,
    error: combined.error,
    ownMessage: combined.ownMessage,
    perNode,
  };
}
