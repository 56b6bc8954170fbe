import { useQueries } from '@tanstack/react-query';
import type { GroupedHome } from '@hearth/protocol';
import { http } from '../../../lib/http';

type Position = { latitude: number; longitude: number };

/** A home's geo data as the server stores it (spec 2 §7 setGeoData): address and positions. */
export interface HomeGeo {
  city?: string;
  zip?: string;
  state?: string;
  country?: string;
  /** Where the owner put the home on the map. */
  position?: Position;
  /** Where its address was found. */
  coarsePosition?: Position;
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
