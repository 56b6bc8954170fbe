import { expect, test } from 'vitest';
import { createDemoBackend } from './demo-backend';

const DEV = 'de3000000000000001';
const HTR = `/api/v2/devs/${DEV}/htr/1`;
const START = Date.UTC(2026, 0, 14, 10, 0, 0);
const nowS = START / 1000;

const setup = () => createDemoBackend({ now: () => START, random: () => 0.5 });

test.each([
  [`start=&end=${nowS}`],
  [`start=0x10&end=${nowS}`],
  [`start=${nowS}&end=${nowS - 60}`],
  [`start=${nowS - 41 * 86_400}&end=${nowS}`],
  [`start=${nowS - 401 * 86_400}&end=${nowS}&group=month`],
  [`start=${nowS - 86_400}&end=${nowS}&group=week`],
  [`start=${nowS - 86_400}&end=${nowS}&group=month&tz=Mars/Base`],
])('samples?%s is the server’s 400', (query) => {
  const answer = setup().handle('GET', `${HTR}/samples?${query}`);
  expect(answer).toMatchObject({ status: 400, body: { error: 'validation_failed' } });
});

test('a node address that is not digits is the server’s 400, not another node', () => {
  const backend = setup();
  expect(backend.handle('GET', `/api/v2/devs/${DEV}/htr/0x1/status`).status).toBe(400);
  expect(backend.handle('GET', `/api/v2/devs/${DEV}/htr/1e0/status`).status).toBe(400);
  expect(backend.handle('GET', `${HTR}/status`).status).toBe(200);
});

test('a node has no GET power_limit path on the server (docs/wire-contract.md §5), so the demo answers its 404', () => {
  const answer = setup().handle('GET', `/api/v2/devs/${DEV}/pmo/7/power_limit`);
  expect(answer).toMatchObject({ status: 404, body: { error: 'not_found' } });
});

test('a power monitor’s status and prog read as {}, as the server presents a node without them', () => {
  const backend = setup();
  const PMO = `/api/v2/devs/${DEV}/pmo/7`;
  expect(backend.handle('GET', `${PMO}/status`)).toEqual({ status: 200, body: {} });
  expect(backend.handle('GET', `${PMO}/prog`)).toEqual({ status: 200, body: {} });
  expect(backend.handle('GET', PMO).body).toMatchObject({ status: {}, prog: {} });
});

test.each([
  ['pass=secret'],
  ['ssid=&pass=secret'],
  [`ssid=home&pass=${'x'.repeat(65)}`],
  ['ssid=home'],
])('encrypted_wifi_credentials?%s is the server’s 400', (query) => {
  const answer = setup().handle('GET', `/api/v2/encrypted_wifi_credentials?${query}`);
  expect(answer).toMatchObject({ status: 400, body: { error: 'validation_failed' } });
});

test('encrypted_wifi_credentials answers an encrypted_pass for a network the server takes', () => {
  const answer = setup().handle('GET', '/api/v2/encrypted_wifi_credentials?ssid=home&pass=secret');
  expect(answer).toEqual({ status: 200, body: { encrypted_pass: expect.any(String) as string } });
});

test('a path the server does not serve is its 404 “Route … not found”', () => {
  const backend = setup();
  expect(backend.handle('GET', '/api/v2/nothing?x=1')).toEqual({
    status: 404,
    body: { message: 'Route GET /api/v2/nothing not found', statusCode: 404, error: 'not_found' },
  });
  expect(backend.handle('POST', `${HTR}/colour`, {}).body).toMatchObject({
    message: `Route POST ${HTR}/colour not found`,
  });
});

test('group=month names each month by its start, midnight of the 1st in the zone asked, as the server', () => {
  const backend = setup();
  // 2025-12-31 23:00 UTC is 1 January 00:00 in Madrid; to 14 January 2026 10:00 UTC.
  const start = Date.UTC(2025, 11, 31, 23, 0) / 1000;
  const answer = backend.handle(
    'GET',
    `${HTR}/samples?start=${start}&end=${nowS}&group=month&tz=Europe/Madrid`,
  );
  const { samples } = answer.body as { samples: Array<{ t: number }> };
  expect(samples.map((s) => s.t)).toEqual([start]);
  const autumn = Date.UTC(2025, 9, 15) / 1000;
  const months = backend.handle(
    'GET',
    `${HTR}/samples?start=${autumn}&end=${nowS}&group=month&tz=Europe/Madrid`,
  ).body as { samples: Array<{ t: number }> };
  // 1 November and 1 December 00:00 in Madrid (UTC+1), after the October month.
  expect(months.samples.map((s) => s.t).slice(1)).toEqual([
    Date.UTC(2025, 9, 31, 23) / 1000,
    Date.UTC(2025, 10, 30, 23) / 1000,
    start,
  ]);
});
