import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupedHome } from '@hearth/protocol';
import { http } from '../http';
import { deviceKeys } from './keys';

export function getHomes(signal?: AbortSignal): Promise<GroupedHome[]> {
  return http.request<GroupedHome[]>('/api/v2/grouped_devs', { signal });
}

/**
 * The signed-in start reads the home list while the dashboard's code loads; the dashboard
 * mounting a moment later takes that answer instead of reading the list a second time.
 * Screens that change homes invalidate the list, and app resume re-reads it (spec 3).
 */
export const HOMES_FRESH_MS = 5_000;

export const homesQueryOptions = () =>
  queryOptions({
    queryKey: deviceKeys.homes(),
    queryFn: ({ signal }) => getHomes(signal),
    staleTime: HOMES_FRESH_MS,
  });

export function useHomes() {
  return useQuery(homesQueryOptions());
}
