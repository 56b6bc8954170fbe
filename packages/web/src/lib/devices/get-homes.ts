import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupedHome } from '@hearth/protocol';
import { http } from '../http';
import { deviceKeys } from './keys';

export function getHomes(signal?: AbortSignal): Promise<GroupedHome[]> {
  return http.request<GroupedHome[]>('/api/v2/grouped_devs', { signal });
}

export const homesQueryOptions = () =>
  queryOptions({ queryKey: deviceKeys.homes(), queryFn: ({ signal }) => getHomes(signal) });

export function useHomes() {
  return useQuery(homesQueryOptions());
}
