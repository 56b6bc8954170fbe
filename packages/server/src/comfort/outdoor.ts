import { DEFAULT_GEOCODER_BASE_URL, DEFAULT_WEATHER_BASE_URL } from '../catalog';
import { createOpenMeteoGeocoder } from '../catalog/geocoder';
import { createOpenMeteoWeather, WEATHER_TTL_MS, type WeatherService } from '../catalog/weather';
import type { Logger } from '../logger';

/**
 * The outdoor temperature of a home for the comfort automation, from the server's weather
 * service for the home's place (its geo data's city, zip and country). Never waits on the
 * network: a report is stepped with what is known (null at first, or when the service is
 * unreachable, for more than OUTDOOR_STALE_MS), and a lookup runs in the background at most
 * once per place every WEATHER_TTL_MS, whether it succeeded or not.
 */
export interface OutdoorSource {
  /** The last known outdoor temperature of the place, °C, or null; refreshes it if stale. */
  peek(geoData: Record<string, unknown> | null | undefined): number | null;
  /** Every lookup under way has settled (tests). */
  idle(): Promise<void>;
}

/** How long a temperature read stays usable while the service does not answer. */
export const OUTDOOR_STALE_MS = 60 * 60_000;

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
  /** Per place: the last temperature read and when, and when it was last asked for. */
  const known = new Map<string, { c: number | null; okMs: number; askedMs: number }>();
  const running = new Set<Promise<void>>();
  return {
    peek(geoData) {
      const place = placeOf(geoData);
      if (!place) return null;
      const key = `${place.city}|${place.postalCode}|${place.country}`.toLowerCase();
      const t = now();
      const entry = known.get(key) ?? { c: null, okMs: -Infinity, askedMs: -Infinity };
      if (t - entry.askedMs >= WEATHER_TTL_MS || t < entry.askedMs) {
        // Marked at once, so reports meanwhile do not ask again.
        known.set(key, { ...entry, askedMs: t });
        const lookup = weather
          .forPlace(place)
          .then((w) => {
            known.set(key, { c: w.currently.temperature, okMs: now(), askedMs: t });
          })
          .catch((err: unknown) => {
            deps.log.debug({ err }, 'comfort: no outdoor temperature for a home');
          })
          .finally(() => running.delete(lookup));
        running.add(lookup);
      }
      // A reading older than OUTDOOR_STALE_MS says too little about now.
      return t - entry.okMs <= OUTDOOR_STALE_MS && t >= entry.okMs ? entry.c : null;
    },
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
  };
}
