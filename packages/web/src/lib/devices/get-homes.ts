import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupedHome } from '@hearth/protocol';
import { http } from '../http';
import { deviceKeys } from './keys';

/**
 * The one order of homes (ruling D4: dashboard, its dropdown, `homeIndex` and the home list's
 * default): by id, numeric ids as numbers (2 before 10), any other id by its text.
 */
export function compareHomeIds(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The user's homes in the order of their ids (spec 1 §2: the dashboard's `homeIndex` is the
 * index of a home among the sorted home ids; ids are time-ordered, so this is creation order),
 * owned and guest homes alike, whatever order the server lists them in.
 */
export async function getHomes(signal?: AbortSignal): Promise<GroupedHome[]> {
  const homes = await http.request<GroupedHome[]>('/api/v2/grouped_devs', { signal });
  return [...homes].sort((a, b) => compareHomeIds(a.id, b.id));
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
