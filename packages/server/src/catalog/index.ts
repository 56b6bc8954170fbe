import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { errorHandler } from '../errors';
import { brandImageRoutes } from './brand-images.routes';
import { configRoutes } from './config.routes';
import { createOpenMeteoGeocoder } from './geocoder';
import { createOpenMeteoWeather } from './weather';
import { weatherRoutes } from './weather.routes';

/**
 * The service and configuration endpoints that need no auth (docs/wire-contract.md §3): brand file,
 * client data, max power config, weather, location info and coordinates.
 * Register it with `app.register(catalogPlugin, opts)`. Its routes answer
 * `{message,statusCode,error}` on every failure whatever the host app's error handler does.
 */
export interface CatalogOptions {
  /** Open-Meteo style forecast base URL (config passes WEATHER_URL). */
  weatherBaseUrl: string;
  /** Open-Meteo style geocoding base URL. */
  geocoderBaseUrl: string;
  /** DATA_DIR: operator overrides under branding/, client-data/ and assets/, read per request. */
  dataDir?: string;
  /** For tests that cannot run a local provider; a real local HTTP server is preferred. */
  fetch?: typeof fetch;
  /** Clock of the weather and place caches, injectable for expiry tests. */
  now?: () => number;
}

export const DEFAULT_WEATHER_BASE_URL = 'https://api.open-meteo.com';
export const DEFAULT_GEOCODER_BASE_URL = 'https://geocoding-api.open-meteo.com';

export async function catalogPlugin(app: FastifyInstance, opts: CatalogOptions): Promise<void> {
  const fetchImpl = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  const geocoder = createOpenMeteoGeocoder({
    baseUrl: opts.geocoderBaseUrl || DEFAULT_GEOCODER_BASE_URL,
    fetch: fetchImpl,
    now,
  });
  const weather = createOpenMeteoWeather({
    baseUrl: opts.weatherBaseUrl || DEFAULT_WEATHER_BASE_URL,
    fetch: fetchImpl,
    geocoder,
    now,
  });
  // A child context of its own, so the zod validator and the error handler apply to these
  // routes only, even if the host wraps this plugin with fastify-plugin.
  await app.register(async (scope) => {
    scope.setValidatorCompiler(validatorCompiler);
    scope.setErrorHandler(errorHandler);
    await configRoutes(scope, opts.dataDir);
    await brandImageRoutes(scope, opts.dataDir);
    await weatherRoutes(scope, weather, geocoder);
  });
}

export {
  getLocationInfo,
  getCountryLocationInfo,
  timezoneFor,
  supportedTimezones,
} from './location-data';
export { BUNDLED_BRANDS, DEFAULT_BRAND_KEY } from './brands';
export { MAX_POWER_CONFIG } from './max-power-config';
export type { Geocoder, PlaceQuery } from './geocoder';
export type { WeatherService } from './weather';
