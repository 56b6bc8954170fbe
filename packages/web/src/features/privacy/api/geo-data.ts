import { useQueries } from '@tanstack/react-query';
import type { GroupedHome } from '@hearth/protocol';
import { http } from '../../../lib/http';

export interface HomeGeo {
  city?: string;
  zip?: string;
  state?: string;
  country?: string;
  lat?: string | number;
  lon?: string | number;
}

/** The place of each home, for the privacy page's list of stored locations. */
export function useHomesGeo(homes: GroupedHome[]) {
  return useQueries({
    queries: homes.map((home) => ({
      queryKey: ['privacy', 'geo', home.id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        http.request<HomeGeo>(`/api/v2/groups/${encodeURIComponent(home.id)}/geo_data`, {
          signal,
          quiet: true,
        }),
    })),
  });
}
