import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocationInfo } from '@hearth/protocol';
import { http } from '../http';

/** docs/wire-contract.md §3: countries with their regions (→ time zone) and postcode format. */
export function getLocationInfo(signal?: AbortSignal): Promise<LocationInfo> {
  return http.request<LocationInfo>('/api/location/v1/info', { signal, auth: false });
}

export const locationInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['location', 'info'],
    queryFn: ({ signal }) => getLocationInfo(signal),
    staleTime: Infinity,
  });

export function useLocationInfo() {
  return useQuery(locationInfoQueryOptions());
}

export interface Coordinates {
  lat: number;
  lon: number;
}

/** Spec 2 §7 getCoarseLocation: a failure is ignored (undefined), so the call is quiet. */
export async function getCoarseLocation(place: {
  country: string;
  state: string;
  city: string;
  zip: string;
}): Promise<Coordinates | undefined> {
  try {
    const q = new URLSearchParams(place).toString();
    const answer = await http.request<{ lat: number | string; lon: number | string }>(
      `/api/location/v1/coordinates?${q}`,
      { quiet: true },
    );
    const lat = Number(answer.lat);
    const lon = Number(answer.lon);
    return Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : undefined;
  } catch (err) {
    if (err instanceof Error) return undefined;
    throw err;
  }
}
