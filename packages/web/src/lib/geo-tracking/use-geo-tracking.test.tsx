import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { GroupedHome } from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { signIn } from '../../test/session';
import { webPlatform, type Platform } from '../platform';
import { fakeGps } from './fake-gps';
import { setHomeTracked } from './home-permissions';
import { useGeoTracking } from './use-geo-tracking';

const HOME = { latitude: 41.3874, longitude: 2.1686 };
const dev = (dev_id: string) => ({
  dev_id,
  name: dev_id,
  product_id: '',
  fw_version: '',
  serial_id: '',
});
const HOMES: GroupedHome[] = [
  { id: 'h1', name: 'Home', owner: true, devs: [dev('aa'), dev('bb')] },
  { id: 'h2', name: 'Flat', owner: true, devs: [dev('cc')] },
];

function phone(gps: ReturnType<typeof fakeGps>): Platform {
  return { ...webPlatform, kind: 'android', isNative: true, geolocation: gps.service };
}

beforeEach(signIn);
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('geolocation tracking in the app', () => {
  test('leaving a tracked home sets its devices away; coming back sets them at home', async () => {
    await setHomeTracked(webPlatform.preferences, 'h1', true);
    const { calls } = installFakeFetch({
      'GET /api/v2/groups/h1/geo_data': () => json({ position: HOME, outdoor_range: 400 }),
      'POST /api/v2/devs/aa/mgr/away_status': () => json({ away: true, enabled: true }),
      'POST /api/v2/devs/bb/mgr/away_status': () => json({ away: true, enabled: true }),
    });
    const gps = fakeGps();
    renderHook(() => useGeoTracking(HOMES, phone(gps)));
    await waitFor(() => expect(gps.state.watching).toBe(1));
    const writes = () =>
      calls
        .filter((c) => c.method === 'POST')
        .map((c) => [new URL(c.url, 'http://x').pathname, c.body]);

    gps.moveTo(HOME.latitude, HOME.longitude, 30);
    gps.moveTo(HOME.latitude, HOME.longitude, 2_000);
    await waitFor(() =>
      expect(writes()).toEqual([
        ['/api/v2/devs/aa/mgr/away_status', '{"away":true}'],
        ['/api/v2/devs/bb/mgr/away_status', '{"away":true}'],
      ]),
    );
    gps.moveTo(HOME.latitude, HOME.longitude, 10);
    await waitFor(() => expect(writes()).toHaveLength(4));
    expect(
      writes()
        .slice(2)
        .map(([, body]) => body),
    ).toEqual(['{"away":false}', '{"away":false}']);
    // The other home has no permission on this phone: its data is never read.
    expect(calls.some((c) => c.url.includes('/groups/h2/'))).toBe(false);
  });

  test('a tracked home the user is a guest of is never set away (ruling D21)', async () => {
    const homes: GroupedHome[] = [
      HOMES[0]!,
      { id: 'g1', name: 'Lent', owner: false, devs: [dev('dd')] },
    ];
    await setHomeTracked(webPlatform.preferences, 'h1', true);
    await setHomeTracked(webPlatform.preferences, 'g1', true);
    const { calls } = installFakeFetch({
      'GET /api/v2/groups/h1/geo_data': () => json({ position: HOME, outdoor_range: 400 }),
      'GET /api/v2/groups/g1/geo_data': () => json({ position: HOME, outdoor_range: 400 }),
      'POST /api/v2/devs/aa/mgr/away_status': () => json({ away: true, enabled: true }),
      'POST /api/v2/devs/bb/mgr/away_status': () => json({ away: true, enabled: true }),
    });
    const gps = fakeGps();
    renderHook(() => useGeoTracking(homes, phone(gps)));
    await waitFor(() => expect(gps.state.watching).toBe(1));
    gps.moveTo(HOME.latitude, HOME.longitude, 30);
    gps.moveTo(HOME.latitude, HOME.longitude, 2_000);
    // Both homes are left at once: the owned one's devices are set away, the other's are not.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toHaveLength(2),
    );
    expect(calls.some((c) => c.url.includes('/devs/dd/'))).toBe(false);
  });

  test('switching a home on restarts tracking with it', async () => {
    installFakeFetch({
      'GET /api/v2/groups/h2/geo_data': () =>
        json({ position: { latitude: 40, longitude: -3 }, outdoor_range: 300 }),
    });
    const gps = fakeGps();
    renderHook(() => useGeoTracking(HOMES, phone(gps)));
    await Promise.resolve();
    expect(gps.state.watching).toBe(0);
    await setHomeTracked(webPlatform.preferences, 'h2', true);
    await waitFor(() => expect(gps.state.watching).toBe(1));
    await setHomeTracked(webPlatform.preferences, 'h2', false);
    await waitFor(() => expect(gps.state.watching).toBe(0));
  });
});
