import {
  LANGUAGE_NATIVE_NAMES,
  type Language,
  type LanguageListResponse,
  type MaxPowerOption,
  type WeatherResponse,
} from '@hearth/protocol';
import { clientDataRoutes } from './demo-client-data';
import { route, type DemoRoute } from './demo-router';

/** A fixed sample answer for the weather screen (docs/design.md §4: weather can be a sample). */
export const DEMO_WEATHER: WeatherResponse = {
  currently: { temperature: 11, windSpeed: 14, humidity: 0.62, icon: 'partly-cloudy-day' },
  daily: {
    data: [
      { icon: 'partly-cloudy-day', temperatureMin: 6, temperatureMax: 13 },
      { icon: 'rain', temperatureMin: 7, temperatureMax: 11 },
      { icon: 'cloudy', temperatureMin: 5, temperatureMax: 10 },
      { icon: 'clear-day', temperatureMin: 3, temperatureMax: 12 },
      { icon: 'clear-day', temperatureMin: 4, temperatureMax: 14 },
      { icon: 'fog', temperatureMin: 6, temperatureMax: 12 },
      { icon: 'rain', temperatureMin: 8, temperatureMax: 13 },
    ],
  },
  lat: 41.38,
  lon: 2.17,
};

function maxPowerOptions(): MaxPowerOption[] {
  const values: number[] = [];
  for (let w = 1000; w <= 10_000; w += 500) values.push(w);
  for (let w = 11_000; w <= 20_000; w += 1000) values.push(w);
  for (let w = 25_000; w <= 60_000; w += 5000) values.push(w);
  return values.map((value) => ({ value, label: `${value / 1000} kW` }));
}

const ZIP_ANY = '^.{2,10}$';

/** Service and configuration paths (docs/wire-contract.md §3): they answer samples. */
export function catalogRoutes(): DemoRoute[] {
  return [
    route('GET', '/health_check', () => ({ message: 'ok' })),
    route('GET', '/version', () => ({ major: 1, minor: 41, subminor: 0, commit: 'demo' })),
    route('GET', '/api/v2/languages', (): LanguageListResponse => ({
      languages: (Object.keys(LANGUAGE_NATIVE_NAMES) as Language[]).map((code) => ({
        code,
        name: LANGUAGE_NATIVE_NAMES[code],
      })),
    })),
    route('GET', '/assets/maxPowerConfig.json', () => maxPowerOptions()),
    ...clientDataRoutes(),
    route('GET', '/webapp/v2/weather/', () => structuredClone(DEMO_WEATHER)),
    route('GET', '/api/location/v1/info', () => ({
      ES: {
        zipFormat: '^\\d{5}$',
        states: { Catalonia: 'Europe/Madrid', Madrid: 'Europe/Madrid' },
      },
      GB: { zipFormat: ZIP_ANY, states: { England: 'Europe/London' } },
      AD: { zipFormat: ZIP_ANY, states: { Canillo: 'Europe/Andorra' } },
      PT: { zipFormat: ZIP_ANY, states: { Faro: 'Europe/Lisbon' } },
      FR: { zipFormat: '^\\d{5}$', states: { 'Île-de-France': 'Europe/Paris' } },
    })),
    route('GET', '/api/location/v1/coordinates', () => ({ lat: 41.38, lon: 2.17 })),
  ];
}
