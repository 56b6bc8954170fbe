import { GEO_DEFAULT_RADIUS } from './constants';

/* Spec 1 §4 "States and transitions" and §5 "Geolocation permission"; spec 2 §4 "Geolocation". */

/** The per-home permission is stored locally under a key per home id (spec 1 §5). */
export const GEO_PERMISSION_KEY_PREFIX = 'geolocationPermission.';
export const GEO_PERMISSION_GRANTED = 'granted';
export const geoPermissionKey = (homeId: string): string => `${GEO_PERMISSION_KEY_PREFIX}${homeId}`;

/** Spec 1 §4: a restart is these steps in this order; a failure in any of them is ignored. */
export const GEO_TRACKING_RESTART_STEPS = ['ready', 'configure', 'setHomes', 'start'] as const;
export type GeoTrackingRestartStep = (typeof GEO_TRACKING_RESTART_STEPS)[number];

/** Mean Earth radius in metres, for distances between two fixes. */
export const EARTH_RADIUS_M = 6_371_008.8;

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** A home the tracker watches: its saved position and its outdoor range in metres. */
export interface TrackedHome extends LatLng {
  homeId: string;
  range: number;
}

export interface HomeGeo {
  homeId: string;
  position?: Partial<LatLng> | null;
  outdoor_range?: number | null;
}

/** Spec 1 §5: only homes with permission granted and a position are tracked. */
export function trackedHomes(
  homes: readonly HomeGeo[],
  granted: ReadonlySet<string>,
): TrackedHome[] {
  return homes.flatMap(({ homeId, position, outdoor_range }) => {
    const { latitude, longitude } = position ?? {};
    if (!granted.has(homeId) || typeof latitude !== 'number' || typeof longitude !== 'number')
      return [];
    // Ruling D5: a home with a position but no stored range is watched at GEO_DEFAULT_RADIUS
    // (150 m); the slider's 500 m default is only what the settings screen offers first.
    return [{ homeId, latitude, longitude, range: outdoor_range ?? GEO_DEFAULT_RADIUS }];
  });
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type Presence = 'inside' | 'outside';

/**
 * Inside or outside the home's range, or undefined when the fix is too coarse to tell
 * (its uncertainty circle crosses the range's edge): a blurred fix never flips the home.
 */
export function presenceAt(
  home: TrackedHome,
  fix: LatLng & { accuracy: number },
): Presence | undefined {
  const d = distanceMetres(home, fix);
  const accuracy = Math.max(0, fix.accuracy);
  if (d + accuracy <= home.range) return 'inside';
  if (d - accuracy > home.range) return 'outside';
  return undefined;
}

export interface PresenceChange {
  homeId: string;
  presence: Presence;
}

/**
 * What a new fix changes. The first clear reading of a home only sets where the user is; a
 * later crossing of the range's edge is a change (leaving: away; coming back: at home).
 */
export function presenceChanges(
  known: ReadonlyMap<string, Presence>,
  homes: readonly TrackedHome[],
  fix: LatLng & { accuracy: number },
): { known: Map<string, Presence>; changes: PresenceChange[] } {
  const next = new Map<string, Presence>();
  const changes: PresenceChange[] = [];
  for (const home of homes) {
    const before = known.get(home.homeId);
    const now = presenceAt(home, fix) ?? before;
    if (now) next.set(home.homeId, now);
    if (before && now && now !== before) changes.push({ homeId: home.homeId, presence: now });
  }
  return { known: next, changes };
}

/** Away status a presence asks for. */
export const awayFor = (presence: Presence): boolean => presence === 'outside';
