import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { NOT_REFUSALS, REFUSALS, countToasts, errorBody } from '../../test/toast-count';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { renderWithApp } from '../../test/render';
import { tokenExpiringIn } from '../../test/tokens';
import { home } from '../../test/fake-devices';
import { useSessionStore } from '../../lib/session/session-store';
import { useErrorToastStore } from '../../lib/http';
import { placeOf } from './api/weather';
import { changeLanguage } from '../../lib/i18n';
import { LANG_STORAGE_KEY } from '../../lib/i18n/detect-language';
import { WeatherPage } from './weather-page';

const forecast = {
  currently: { temperature: 12.4, windSpeed: 9.6, humidity: 0.81, icon: 'rain' },
  daily: {
    data: [
      { icon: 'rain', temperatureMin: 8, temperatureMax: 13 },
      { icon: 'clear-day', temperatureMin: 6, temperatureMax: 15 },
    ],
  },
  lat: 41.4,
  lon: 2.2,
};

function show(
  geo: Record<string, unknown>,
  weatherStatus = 200,
  path = '/homes/h1/weather',
  weatherCode?: string,
) {
  const fetches = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([home('h1', 'Casa', ['0123456789abcdef01'])]),
    'GET /api/v2/groups/h1/geo_data': () => json(geo),
    'GET /webapp/v2/weather/': () =>
      weatherStatus === 200
        ? json(forecast)
        : json(errorBody(weatherStatus, weatherCode), weatherStatus),
  });
  renderWithApp(
    <Routes>
      <Route path="/homes/:homeId/weather" element={<WeatherPage />} />
    </Routes>,
    { path },
  );
  return fetches;
}

beforeEach(() => {
  useSessionStore
    .getState()
    .setSession({ token: tokenExpiringIn(3_600_000), refreshToken: 'r', username: 'a@b.c' });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
  localStorage.removeItem(LANG_STORAGE_KEY);
});

test("the wind speed reads in the language's unit (docs/design.md §5 i18n)", async () => {
  await changeLanguage('ru');
  show({ city: 'Barcelona', zip: '08001', country: 'ES', tz_code: 'Europe/Madrid' });
  expect(await screen.findByTestId('weather-wind')).toHaveTextContent('10 км/ч');
  expect(screen.getByTestId('weather-temp')).toHaveTextContent('12 °C');
});

test('shows now, the city and the forecast with today first', async () => {
  const fetches = show({
    city: 'Barcelona',
    zip: '08001',
    country: 'ES',
    tz_code: 'Europe/Madrid',
  });
  expect(await screen.findByTestId('weather-temp')).toHaveTextContent('12 °C');
  expect(screen.getByTestId('weather-city')).toHaveTextContent('Barcelona');
  expect(screen.getByTestId('weather-wind')).toHaveTextContent('10 km/h');
  expect(screen.getByTestId('weather-humidity')).toHaveTextContent('81 %');
  const days = within(screen.getByRole('region', { name: 'Forecast' })).getAllByRole('listitem');
  expect(days[0]).toHaveTextContent('Today');
  expect(days[0]).toHaveTextContent('8 / 13 °C');
  const call = fetches.calls.find((c) => c.url.includes('/webapp/v2/weather/'));
  const q = new URL(call?.url ?? '', 'http://x').searchParams;
  expect([q.get('city'), q.get('postal_code'), q.get('country'), q.get('lang')]).toEqual([
    'Barcelona',
    '08001',
    'ES',
    'en',
  ]);
  expect(q.get('t')).toMatch(/^\d+$/);
});

test('no weather request without city, zip and country', async () => {
  const fetches = show({ city: 'Barcelona', country: 'ES' });
  expect(await screen.findByTestId('weather-no-place')).toBeInTheDocument();
  expect(fetches.calls.some((c) => c.url.includes('/webapp/v2/weather/'))).toBe(false);
});

test('placeOf needs all three fields', () => {
  expect(placeOf({ city: 'A', zip: '1', country: 'ES' })).toEqual({
    city: 'A',
    zip: '1',
    country: 'ES',
  });
  expect(placeOf({ city: 'A', zip: ' ', country: 'ES' })).toBeUndefined();
  expect(placeOf(undefined)).toBeUndefined();
});

test.each([...REFUSALS, ...NOT_REFUSALS])(
  "a weather fetch answered %i %s is the dataUpdate error, told once (spec 1 §8): the server's code says who tells it",
  async (status, code) => {
    useErrorToastStore.getState().dismiss();
    const told = countToasts();
    const place = { city: 'Barcelona', zip: '08001', country: 'ES' };
    const { calls } = show(place, status, '/homes/h1/weather', code);
    await vi.waitFor(() => expect(useErrorToastStore.getState().kind).toBe('dataUpdate'));
    expect(told()).toBe(1);
    expect(calls.some((c) => c.url.includes('/webapp/v2/weather/'))).toBe(true);
    expect(screen.queryByTestId('weather-temp')).toBeNull();
  },
);

test('a home not in the list is "Home not found", without asking for it (spec 3 §8)', async () => {
  useErrorToastStore.getState().dismiss();
  const { calls } = show(
    { city: 'Barcelona', zip: '08001', country: 'ES' },
    200,
    '/homes/h9/weather',
  );
  expect(await screen.findByTestId('weather-home-not-found')).toHaveTextContent('Home not found');
  expect(calls.some((c) => c.url.includes('/geo_data'))).toBe(false);
  expect(useErrorToastStore.getState().kind).toBeNull();
});

test('an unreachable weather provider says so in the page and Retry asks again (ruling D13)', async () => {
  useErrorToastStore.getState().dismiss();
  let status = 502;
  const fetches = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([home('h1', 'Casa', ['0123456789abcdef01'])]),
    'GET /api/v2/groups/h1/geo_data': () =>
      json({ city: 'Barcelona', zip: '08001', country: 'ES' }),
    'GET /webapp/v2/weather/': () =>
      status === 200
        ? json(forecast)
        : json({ message: 'weather provider unavailable', statusCode: 502, error: 'x' }, 502),
  });
  renderWithApp(
    <Routes>
      <Route path="/homes/:homeId/weather" element={<WeatherPage />} />
    </Routes>,
    { path: '/homes/h1/weather' },
  );
  const failed = await screen.findByTestId('weather-load-failed', {}, { timeout: 10_000 });
  expect(failed).toHaveTextContent('The weather could not be loaded.');
  const asked = fetches.calls.filter((c) => c.url.includes('/webapp/v2/weather/')).length;
  status = 200;
  fireEvent.click(within(failed).getByTestId('weather-retry'));
  expect(await screen.findByTestId('weather-temp', {}, { timeout: 5_000 })).toHaveTextContent(
    '12 °C',
  );
  expect(fetches.calls.filter((c) => c.url.includes('/webapp/v2/weather/')).length).toBe(asked + 1);
  expect(screen.queryByTestId('weather-load-failed')).toBeNull();
  // The query's own retries (a dropped provider may come back) come before the message.
}, 30_000);
