import { afterEach, describe, expect, test } from 'vitest';
import { type GeoTrackingRestartStep, type HomeGeo, type PresenceChange } from '@hearth/protocol';
import { webPreferences } from '../platform/web-platform';
import { createGeoTracker } from './geo-tracker';
import { fakeGps } from './fake-gps';
import { setHomeTracked } from './home-permissions';
import { restartTracking } from './restart-tracking';

const HOME = { latitude: 41.3874, longitude: 2.1686 };
const GEO: Record<string, HomeGeo> = {
  h1: { homeId: 'h1', position: HOME, outdoor_range: 500 },
  h2: { homeId: 'h2', position: { latitude: 40, longitude: -3 }, outdoor_range: 300 },
  noPosition: { homeId: 'noPosition', position: null },
};

afterEach(() => localStorage.clear());

async function restart(
  gps: ReturnType<typeof fakeGps>,
  overrides: { ready?: () => Promise<void>; loadGeo?: (id: string) => Promise<HomeGeo> } = {},
) {
  const steps: GeoTrackingRestartStep[] = [];
  const changes: PresenceChange[] = [];
  const loaded: string[] = [];
  const tracker = createGeoTracker(gps.service);
  await restartTracking({
    platform: { ready: overrides.ready ?? (async () => undefined), preferences: webPreferences },
    tracker,
    homeIds: ['h1', 'h2', 'noPosition'],
    loadGeo:
      overrides.loadGeo ??
      (async (id) => {
        loaded.push(id);
        return GEO[id] ?? { homeId: id };
      }),
    onChanges: (c) => changes.push(...c),
    onStep: (s) => steps.push(s),
  });
  return { steps, changes, loaded, tracker };
}

describe('restarting geolocation tracking', () => {
  test('waits for the device, configures, sets the permitted homes, then starts', async () => {
    await setHomeTracked(webPreferences, 'h1', true);
    await setHomeTracked(webPreferences, 'noPosition', true);
    const gps = fakeGps();
    const { steps, loaded } = await restart(gps);
    expect(steps).toEqual(['ready', 'configure', 'setHomes', 'start']);
    // Homes without this phone's permission are not even read.
    expect(loaded.sort()).toEqual(['h1', 'noPosition']);
    expect(gps.state.watching).toBe(1);
  });

  test('with no permitted home that has a position, the location is not watched', async () => {
    await setHomeTracked(webPreferences, 'noPosition', true);
    const gps = fakeGps();
    const { steps } = await restart(gps);
    expect(steps).toEqual(['ready', 'configure', 'setHomes', 'start']);
    expect(gps.state.watching).toBe(0);
  });

  test('leaving a tracked home and coming back are reported; other homes are not', async () => {
    await setHomeTracked(webPreferences, 'h1', true);
    const gps = fakeGps();
    const { changes } = await restart(gps);
    gps.moveTo(HOME.latitude, HOME.longitude, 50);
    expect(changes).toEqual([]);
    gps.fail();
    gps.moveTo(HOME.latitude, HOME.longitude, 3_000);
    expect(changes).toEqual([{ homeId: 'h1', presence: 'outside' }]);
    gps.moveTo(HOME.latitude, HOME.longitude, 20);
    expect(changes).toEqual([
      { homeId: 'h1', presence: 'outside' },
      { homeId: 'h1', presence: 'inside' },
    ]);
  });

  test('a failing step is ignored silently and tracking does not start', async () => {
    await setHomeTracked(webPreferences, 'h1', true);
    const gps = fakeGps();
    const failedRead = await restart(gps, {
      loadGeo: () => Promise.reject(new Error('offline')),
    });
    expect(failedRead.steps).toEqual(['ready', 'configure', 'setHomes']);
    const notReady = await restart(gps, { ready: () => Promise.reject(new Error('no bridge')) });
    expect(notReady.steps).toEqual(['ready']);
    expect(gps.state.watching).toBe(0);
  });

  test('a restart replaces the previous watch instead of adding one', async () => {
    await setHomeTracked(webPreferences, 'h1', true);
    const gps = fakeGps();
    const tracker = createGeoTracker(gps.service);
    const deps = {
      platform: { ready: async () => undefined, preferences: webPreferences },
      tracker,
      homeIds: ['h1'],
      loadGeo: async (id: string) => GEO[id] ?? { homeId: id },
      onChanges: () => undefined,
    };
    await restartTracking(deps);
    await restartTracking(deps);
    expect(gps.state.watching).toBe(1);
    tracker.stop();
    expect(gps.state.watching).toBe(0);
  });
});
