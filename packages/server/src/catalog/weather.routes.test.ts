import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEATHER_ICONS } from '@hearth/protocol';
import {
  closedPortUrl,
  FAKE_FORECAST,
  startCatalog,
  startFakeOpenMeteo,
  type FakeOpenMeteo,
  type FakePlace,
  type RunningCatalog,
} from './test-servers';
import { WEATHER_TTL_MS } from './weather';

const PLACES: FakePlace[] = [
  {
    name: 'Valencia',
    country_code: 'ES',
    admin1: 'Valencia',
    latitude: 39.47,
    longitude: -0.38,
    postcodes: ['46001', '46002'],
  },
  {
    name: 'Santa Cruz',
    country_code: 'ES',
    admin1: 'Canarias',
    admin2: 'Santa Cruz de Tenerife',
    latitude: 28.46,
    longitude: -16.25,
    postcodes: ['38001'],
  },
  {
    name: 'Santa Cruz',
    country_code: 'ES',
    admin1: 'Andalucía',
    admin2: 'Córdoba',
    latitude: 37.78,
    longitude: -4.65,
    postcodes: ['14820'],
  },
  {
    name: 'Santa Cruz',
    country_code: 'PT',
    admin1: 'Madeira',
    latitude: 32.69,
    longitude: -16.79,
    postcodes: ['9100-000'],
  },
  {
    name: 'Évora',
    country_code: 'PT',
    admin1: 'Évora',
    latitude: 38.57,
    longitude: -7.91,
    postcodes: ['7000-000'],
  },
];

let provider: FakeOpenMeteo;
let catalog: RunningCatalog;
let clock = 1_800_000_000_000;

const get = async (path: string): Promise<{ status: number; body: Record<string, unknown> }> => {
  const res = await fetch(`${catalog.url}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const weatherPath = (city: string, zip: string, country: string, extra = ''): string =>
  `/webapp/v2/weather/?city=${encodeURIComponent(city)}&postal_code=${encodeURIComponent(zip)}&country=${country}${extra}`;

beforeAll(async () => {
  provider = await startFakeOpenMeteo(PLACES);
  catalog = await startCatalog({
    weatherBaseUrl: provider.url,
    geocoderBaseUrl: provider.url,
    now: () => clock,
  });
});

afterAll(async () => {
  await catalog.app.close();
  await provider.close();
});

beforeEach(() => {
  provider.mode = 'ok';
  // Each test moves well past every cache so tests do not see each other's answers.
  clock += 2 * 24 * 60 * 60 * 1000;
});

describe('GET /webapp/v2/weather/', () => {
  it('maps the forecast into the smartbox shape: °C, km/h, humidity 0–1, icons, coordinates', async () => {
    const { status, body } = await get(weatherPath('Valencia', '46001', 'ES', '&lang=es&t=1'));
    expect(status).toBe(200);
    expect(body).toEqual({
      currently: { temperature: 12.3, windSpeed: 14.8, humidity: 0.81, icon: 'rain' },
      daily: {
        data: [
          { icon: 'clear-day', temperatureMin: 5, temperatureMax: 15.3 },
          { icon: 'partly-cloudy-day', temperatureMin: 6, temperatureMax: 14 },
          { icon: 'thunderstorm', temperatureMin: 3.3, temperatureMax: 11.5 },
        ],
      },
      lat: 39.47,
      lon: -0.38,
    });
    const forecast = provider.forecasts.at(-1);
    expect(forecast?.get('latitude')).toBe('39.47');
    expect(forecast?.get('current')?.split(',')).toEqual(
      expect.arrayContaining([
        'temperature_2m',
        'relative_humidity_2m',
        'wind_speed_10m',
        'weather_code',
      ]),
    );
    expect(forecast?.get('daily')?.split(',')).toEqual([
      'weather_code',
      'temperature_2m_max',
      'temperature_2m_min',
    ]);
    expect(forecast?.get('timezone')).toBe('auto');
    expect(forecast?.get('wind_speed_unit')).toBe('kmh');
    expect(provider.searches.at(-1)?.get('countryCode')).toBe('ES');
    // The fake's last day has no figures: it must be left out, not sent as nulls.
    expect((body.daily as { data: unknown[] }).data).toHaveLength(
      FAKE_FORECAST.daily.time.length - 1,
    );
  });

  it('only sends icon names the app knows', async () => {
    const { body } = await get(weatherPath('Évora', '7000-000', 'PT'));
    const icons = [
      (body.currently as { icon: string }).icon,
      ...(body.daily as { data: { icon: string }[] }).data.map((d) => d.icon),
    ];
    for (const icon of icons) expect(WEATHER_ICONS).toContain(icon);
  });

  it('picks the place whose postcode matches among places of the same name', async () => {
    const tenerife = await get(weatherPath('Santa Cruz', '38001', 'ES'));
    const cordoba = await get(weatherPath('santa cruz', '14820', 'ES'));
    expect([tenerife.body.lat, tenerife.body.lon]).toEqual([28.46, -16.25]);
    expect([cordoba.body.lat, cordoba.body.lon]).toEqual([37.78, -4.65]);
  });

  it('serves the same place from cache for 10 minutes, whatever lang and t say', async () => {
    const before = provider.counts.forecast;
    await get(weatherPath('Valencia', '46002', 'ES', '&lang=en&t=1'));
    clock += WEATHER_TTL_MS - 1;
    const again = await get(weatherPath('Valencia', '46002', 'ES', '&lang=fr&t=2'));
    expect(again.status).toBe(200);
    expect(provider.counts.forecast).toBe(before + 1);
    // Another place is another forecast.
    await get(weatherPath('Valencia', '46001', 'ES'));
    expect(provider.counts.forecast).toBe(before + 2);
  });

  it('asks the provider again once 10 minutes have passed', async () => {
    const before = provider.counts.forecast;
    await get(weatherPath('Évora', '7000-000', 'PT'));
    clock += WEATHER_TTL_MS;
    const later = await get(weatherPath('Évora', '7000-000', 'PT'));
    expect(later.status).toBe(200);
    expect(provider.counts.forecast).toBe(before + 2);
  });

  it('answers 400 when city, postal_code or country is missing or empty', async () => {
    for (const path of [
      '/webapp/v2/weather/?postal_code=46001&country=ES',
      '/webapp/v2/weather/?city=Valencia&country=ES',
      '/webapp/v2/weather/?city=Valencia&postal_code=46001',
      '/webapp/v2/weather/?city=%20&postal_code=46001&country=ES',
    ]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body, path).toMatchObject({ statusCode: 400, error: 'validation_failed' });
    }
  });

  it('answers 404 for a place nobody knows', async () => {
    const { status, body } = await get(weatherPath('Atlantis', '00000', 'ES'));
    expect(status).toBe(404);
    expect(body).toMatchObject({ statusCode: 404, error: 'not_found' });
  });

  it.each(['invalid-json', 'wrong-shape', 'http-500'] as const)(
    'answers 502 when the geocoder answers %s, and recovers',
    async (mode) => {
      provider.mode = mode;
      const failed = await get(weatherPath('Valencia', '46001', 'ES'));
      expect(failed.status).toBe(502);
      expect(failed.body).toEqual({
        message: 'weather provider unavailable',
        statusCode: 502,
        error: 'bad_gateway',
      });
      // A failure is not cached: the next call once the provider is back succeeds.
      provider.mode = 'ok';
      expect((await get(weatherPath('Valencia', '46001', 'ES'))).status).toBe(200);
    },
  );

  it.each(['invalid-json', 'wrong-shape', 'http-500'] as const)(
    'answers 502 when the forecast answers %s, and recovers',
    async (mode) => {
      // Warm the place cache so only the forecast call meets the broken provider.
      await get(weatherPath('Valencia', '46001', 'ES'));
      clock += WEATHER_TTL_MS;
      provider.mode = mode;
      const searches = provider.counts.search;
      const forecasts = provider.counts.forecast;
      const failed = await get(weatherPath('Valencia', '46001', 'ES'));
      expect(failed.status).toBe(502);
      expect(failed.body).toEqual({
        message: 'weather provider unavailable',
        statusCode: 502,
        error: 'bad_gateway',
      });
      expect([provider.counts.search, provider.counts.forecast]).toEqual([searches, forecasts + 1]);
      // A failure is not cached: the next call once the provider is back succeeds.
      provider.mode = 'ok';
      expect((await get(weatherPath('Valencia', '46001', 'ES'))).status).toBe(200);
    },
  );

  it('answers 502 when the provider is down', async () => {
    const nowhere = await closedPortUrl();
    const offline = await startCatalog({ weatherBaseUrl: nowhere, geocoderBaseUrl: nowhere });
    try {
      const res = await fetch(`${offline.url}${weatherPath('Valencia', '46001', 'ES')}`);
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({
        message: 'weather provider unavailable',
        statusCode: 502,
        error: 'bad_gateway',
      });
    } finally {
      await offline.app.close();
    }
  });
});

describe('GET /api/location/v1/coordinates', () => {
  it('answers lat and lon of the address, using the region to tell same-named places apart', async () => {
    const { status, body } = await get(
      '/api/location/v1/coordinates?country=ES&state=C%C3%B3rdoba&city=Santa%20Cruz&zip=99999',
    );
    expect(status).toBe(200);
    expect(body).toEqual({ lat: 37.78, lon: -4.65 });
  });

  it('finds the place by postcode when the city name is unknown to the geocoder', async () => {
    const { status, body } = await get(
      '/api/location/v1/coordinates?country=PT&state=Madeira&city=Funchalinho&zip=9100-000',
    );
    expect(status).toBe(200);
    expect(body).toEqual({ lat: 32.69, lon: -16.79 });
  });

  it('answers 400 when a parameter is missing', async () => {
    const { status, body } = await get(
      '/api/location/v1/coordinates?country=ES&city=Valencia&zip=46001',
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, error: 'validation_failed' });
    expect(body.message).toBe('Invalid querystring at /state: is required');
  });

  it('answers 502 when the geocoder fails', async () => {
    provider.mode = 'invalid-json';
    const { status, body } = await get(
      '/api/location/v1/coordinates?country=ES&state=Valencia&city=Valencia&zip=46001',
    );
    expect(status).toBe(502);
    expect(body).toEqual({
      message: 'geocoding provider unavailable',
      statusCode: 502,
      error: 'bad_gateway',
    });
  });
});
