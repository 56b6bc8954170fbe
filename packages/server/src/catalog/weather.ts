import { z } from 'zod';
import type { WeatherDay, WeatherResponse } from '@hearth/protocol';
import type { Geocoder } from './geocoder';
import { normalizeName } from './geocoder';
import { cachedLookup, TtlCache } from './ttl-cache';
import { fetchJson, providerUrl, type FetchLike } from './upstream';
import { iconForWeatherCode } from './weather-codes';

/** A place as the weather call names it (docs/wire-contract.md §3 query). */
export interface WeatherPlace {
  city: string;
  postalCode: string;
  country: string;
}

export interface WeatherService {
  /** Throws PlaceNotFoundError or UpstreamError (see geocoder.ts, upstream.ts). */
  forPlace(place: WeatherPlace): Promise<WeatherResponse>;
}

/** Every open weather screen refreshes; one forecast per place per 10 minutes is plenty. */
export const WEATHER_TTL_MS = 10 * 60 * 1000;

const forecastAnswerSchema = z.object({
  current: z.object({
    temperature_2m: z.number(),
    relative_humidity_2m: z.number().min(0).max(100),
    wind_speed_10m: z.number().min(0),
    weather_code: z.number().int(),
    is_day: z.union([z.literal(0), z.literal(1)]).optional(),
  }),
  daily: z
    .object({
      time: z.array(z.string()),
      weather_code: z.array(z.number().int().nullable()),
      temperature_2m_max: z.array(z.number().nullable()),
      temperature_2m_min: z.array(z.number().nullable()),
    })
    .refine(
      (d) =>
        [d.weather_code, d.temperature_2m_max, d.temperature_2m_min].every(
          (a) => a.length === d.time.length,
        ),
      'daily series differ in length',
    ),
});
type ForecastAnswer = z.infer<typeof forecastAnswerSchema>;

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

/** Open-Meteo's answer in the smartbox shape: °C, km/h, humidity as a fraction 0–1. */
export function toWeatherResponse(
  answer: ForecastAnswer,
  lat: number,
  lon: number,
): WeatherResponse {
  const { current, daily } = answer;
  const days: WeatherDay[] = [];
  daily.time.forEach((_, i) => {
    const code = daily.weather_code[i];
    const max = daily.temperature_2m_max[i];
    const min = daily.temperature_2m_min[i];
    // A model run can leave the far end of the range empty; those days are simply not shown.
    if (code == null || max == null || min == null) return;
    days.push({
      icon: iconForWeatherCode(code),
      temperatureMin: round(min, 1),
      temperatureMax: round(max, 1),
    });
  });
  return {
    currently: {
      temperature: round(current.temperature_2m, 1),
      windSpeed: round(current.wind_speed_10m, 1),
      humidity: round(current.relative_humidity_2m / 100, 2),
      icon: iconForWeatherCode(current.weather_code, current.is_day !== 0),
    },
    daily: { data: days },
    lat,
    lon,
  };
}

export interface OpenMeteoWeatherOptions {
  baseUrl: string;
  fetch: FetchLike;
  geocoder: Geocoder;
  now: () => number;
}

export function createOpenMeteoWeather(opts: OpenMeteoWeatherOptions): WeatherService {
  const cache = new TtlCache<Promise<WeatherResponse>>(WEATHER_TTL_MS, opts.now);

  async function load(place: WeatherPlace): Promise<WeatherResponse> {
    const { lat, lon } = await opts.geocoder.locate({
      city: place.city,
      zip: place.postalCode,
      country: place.country,
    });
    const url = providerUrl(opts.baseUrl, '/v1/forecast', {
      latitude: String(lat),
      longitude: String(lon),
      current: 'temperature_2m,relative_humidity_2m,wind_speed_10m,weather_code,is_day',
      daily: 'weather_code,temperature_2m_max,temperature_2m_min',
      timezone: 'auto',
      temperature_unit: 'celsius',
      wind_speed_unit: 'kmh',
    });
    return toWeatherResponse(await fetchJson(opts.fetch, url, forecastAnswerSchema), lat, lon);
  }

  return {
    forPlace(place) {
      // lang and the cache-busting timestamp do not change the forecast, so they are not part of the key.
      const key = [place.city, place.postalCode.replace(/\s/g, ''), place.country]
        .map(normalizeName)
        .join('|');
      return cachedLookup(cache, key, () => load(place));
    },
  };
}
