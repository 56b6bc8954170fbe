import { describe, expect, test } from 'vitest';
import {
  GEO_TRACKING_RESTART_STEPS,
  awayFor,
  distanceMetres,
  geoPermissionKey,
  presenceAt,
  presenceChanges,
  trackedHomes,
  type Presence,
  type TrackedHome,
} from './geo-tracking';
import { GEO_DEFAULT_RADIUS } from './constants';

const HOME: TrackedHome = { homeId: 'h1', latitude: 41.3874, longitude: 2.1686, range: 500 };
/** A point `metres` north of the home (one degree of latitude is about 111,195 m). */
const north = (metres: number, accuracy = 10) => ({
  latitude: HOME.latitude + metres / 111_195,
  longitude: HOME.longitude,
  accuracy,
});

describe('geolocation tracking rules', () => {
  test('the permission of each home has its own local key', () => {
    expect(geoPermissionKey('h1')).not.toBe(geoPermissionKey('h2'));
    expect(geoPermissionKey('h1')).toContain('h1');
  });

  test('the restart runs ready, configure, set homes, start', () => {
    expect(GEO_TRACKING_RESTART_STEPS).toEqual(['ready', 'configure', 'setHomes', 'start']);
  });

  test('only homes with permission granted and a position are tracked', () => {
    const homes = [
      { homeId: 'a', position: { latitude: 1, longitude: 2 }, outdoor_range: 300 },
      { homeId: 'b', position: { latitude: 1, longitude: 2 } },
      { homeId: 'c', position: null },
      { homeId: 'd', position: { latitude: 1 } },
      { homeId: 'e', position: { latitude: 1, longitude: 2 } },
    ];
    expect(trackedHomes(homes, new Set(['a', 'b', 'c', 'd']))).toEqual([
      { homeId: 'a', latitude: 1, longitude: 2, range: 300 },
      { homeId: 'b', latitude: 1, longitude: 2, range: GEO_DEFAULT_RADIUS },
    ]);
  });

  test('distance between two fixes in metres', () => {
    expect(distanceMetres(HOME, HOME)).toBe(0);
    expect(distanceMetres(HOME, north(1_000))).toBeCloseTo(1_000, -1);
    // Barcelona to Madrid, about 505 km.
    expect(distanceMetres(HOME, { latitude: 40.4168, longitude: -3.7038 }) / 1000).toBeCloseTo(
      505,
      -1,
    );
  });

  test('inside, outside, or unknown while the fix is too blurred to tell', () => {
    expect(presenceAt(HOME, north(100))).toBe('inside');
    expect(presenceAt(HOME, north(480))).toBe('inside');
    expect(presenceAt(HOME, north(495))).toBeUndefined();
    expect(presenceAt(HOME, north(520))).toBe('outside');
    expect(presenceAt(HOME, north(600, 200))).toBeUndefined();
    expect(presenceAt(HOME, north(800, 200))).toBe('outside');
  });

  test('the first reading sets presence; crossing the edge is a change', () => {
    let known = new Map<string, Presence>();
    const step = (metres: number, accuracy = 10) => {
      const result = presenceChanges(known, [HOME], north(metres, accuracy));
      known = result.known;
      return result.changes;
    };
    expect(step(100)).toEqual([]);
    expect(step(300)).toEqual([]);
    expect(step(1_200)).toEqual([{ homeId: 'h1', presence: 'outside' }]);
    expect(step(2_000)).toEqual([]);
    // A blurred fix near the edge keeps the last known presence.
    expect(step(450, 100)).toEqual([]);
    expect(known.get('h1')).toBe('outside');
    expect(step(50)).toEqual([{ homeId: 'h1', presence: 'inside' }]);
  });

  test('a home no longer tracked is forgotten', () => {
    const { known } = presenceChanges(new Map([['gone', 'inside']]), [HOME], north(10));
    expect([...known.keys()]).toEqual(['h1']);
  });

  test('leaving asks for away, coming back for at home', () => {
    expect(awayFor('outside')).toBe(true);
    expect(awayFor('inside')).toBe(false);
  });
});

test('a home with a position and no stored range is watched at 150 m (ruling D5)', () => {
  expect(GEO_DEFAULT_RADIUS).toBe(150);
  const [home] = trackedHomes(
    [{ homeId: 'a', position: { latitude: 1, longitude: 2 } }],
    new Set(['a']),
  );
  expect(home?.range).toBe(150);
});
