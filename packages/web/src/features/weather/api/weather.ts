import { useQuery } from '@tanstack/react-query';
import type { WeatherResponse } from '@hearth/protocol';
import { deviceKeys } from '../../../lib/devices';
import { http, reportRefusal } from '../../../lib/http';

/** The home's place, as geo_data holds it (spec 2 §3). */
export interface Place {
  city: string;
  zip: string;
  country: string;
}

/** Spec 3 §5: weather is asked only when city, zip and country are all present. */
export function placeOf(geo: Record<string, unknown> | undefined): Place | undefined {
  const text = (k: string) => {
    const v = geo?.[k];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const city = text('city');
  const zip = text('zip');
  const country = text('country');
  return city && zip && country ? { city, zip, country } : undefined;
}

export function getGeoData(homeId: string, signal?: AbortSignal) {
  return http.request<Record<string, unknown>>(
    `/api/v2/groups/${encodeURIComponent(homeId)}/geo_data`,
    { signal },
  );
}

/** The home's geo data; asked only for a home of the user's list (`enabled`). */
export function useGeoData(homeId: string, enabled = true) {
  return useQuery({
    queryKey: deviceKeys.geoData(homeId),
    queryFn: ({ signal }) => getGeoData(homeId, signal),
    enabled,
  });
}

export function getWeather(place: Place, lang: string, signal?: AbortSignal) {
  const q = new URLSearchParams({
    city: place.city,
    postal_code: place.zip,
    country: place.country,
    lang,
    t: String(Date.now()),
  });
  return http
    .request<WeatherResponse>(`/webapp/v2/weather/?${q.toString()}`, { signal })
    .catch((error: unknown) => {
      // Spec 1 §8: a failed weather fetch is the dataUpdate error; the HTTP layer shows it but
      // for a refusal (the server's error code says), which it leaves to the caller.
      reportRefusal(error, 'dataUpdate');
      throw error;
    });
}

export function useWeather(place: Place | undefined, lang: string) {
  return useQuery({
    queryKey: ['weather', place?.city, place?.zip, place?.country, lang],
    queryFn: ({ signal }) => getWeather(place as Place, lang, signal),
    enabled: place !== undefined,
    staleTime: 10 * 60_000,
  });
}
