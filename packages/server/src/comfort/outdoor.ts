import { DEFAULT_GEOCODER_BASE_URL, DEFAULT_WEATHER_BASE_URL } from '../catalog';
import { createOpenMeteoGeocoder } from '../catalog/geocoder';
import { createOpenMeteoWeather, WEATHER_TTL_MS, type WeatherService } from '../catalog/weather';
import type { Logger } from '../logger';

/**
 * The outdoor temperature of a home for the comfort automation, from the server's weather
 * service for the home's place (its geo data's city, zip and country). Never waits on the
 * network: a report is stepped with what is known (null at first, or when the service is
 * unreachable), and a lookup runs in the background at most once per place every
 * WEATHER_TTL_MS, whether it succeeded or not.
 */
export interface OutdoorSource {
  /** The last known outdoor temperature of the place, °C, or null; refreshes it if stale. */
  peek(geoData: Record<string, unknown> | null | undefined): number | null;
  /** Every lookup under way has settled (tests). */
  idle(): Promise<void>;
}

export function placeOf(geoData: Record<string, unknown> | null | undefined) {
  const text = (k: string) => {
    const v = geoData?.[k];
    return typeof v === 'string' ? v.trim().slice(0, 100) : '';
  };
  const city = text('city');
  const country = text('country');
  if (!city || !country) return undefined;
  return { city, postalCode: text('zip'), country };
}

export function createOutdoorSource(deps: {
  weather?: WeatherService;
  weatherUrl?: string | undefined;
  geocoderUrl?: string | undefined;
  log: Logger;
  now?: () => number;
}): OutdoorSource {
  const now = deps.now ?? (() => Date.now());
  const weather =
    deps.weather ??
    createOpenMeteoWeather({
      baseUrl: deps.weatherUrl || DEFAULT_WEATHER_BASE_URL,
      fetch,
      now,
      geocoder: createOpenMeteoGeocoder({
        baseUrl: deps.geocoderUrl || DEFAULT_GEOCODER_BASE_URL,
        fetch,
        now,
      }),
    });
  const known = new Map<string, { c: number | null; atMs: number }>();
  const running = new Set<Promise<void>>();
  return {
    peek(geoData) {
      const place = placeOf(geoData);
      if (!place) return null;
      const key = `${place.city}|${place.postalCode}|${place.country}`.toLowerCase();
      const entry = known.get(key);
      const t = now();
      if (!entry || t - entry.atMs >= WEATHER_TTL_MS || t < entry.atMs) {
        // Marked at once, so reports meanwhile do not ask again.
        known.set(key, { c: entry?.c ?? null, atMs: t });
        const lookup = weather
          .forPlace(place)
          .then((w) => {
            known.set(key, { c: w.currently.temperature, atMs: now() });
          })
          .catch((err: unknown) => {
            deps.log.debug({ err }, 'comfort: no outdoor temperature for a home');
          })
          .finally(() => running.delete(lookup));
        running.add(lookup);
      }
      return entry?.c ?? null;
    },
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
  };
}
