import { lazy, Suspense, useEffect } from 'react';
import { platform as defaultPlatform, type Platform } from '../lib/platform';
import { hasSession, useSessionStore } from '../lib/session/session-store';

/** Fetched once someone is signed in: the sign-in screen carries no device or tracking code. */
const Tracking = lazy(() => import('./geo-tracking').then((m) => ({ default: m.Tracking })));

const forgetTrackedHomes = (platform: Platform) =>
  import('../lib/geo-tracking/home-permissions').then((m) =>
    m.forgetTrackedHomes(platform.preferences),
  );

/**
 * Geolocation tracking runs while someone is signed in (spec 1 §2, §4); when the session ends,
 * the homes' tracking permissions kept on this device are wiped with the rest of its data.
 */
export function GeoTrackingRunner({ platform = defaultPlatform }: { platform?: Platform }) {
  const signedIn = useSessionStore(hasSession);
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (previous.token !== '' && state.token === '')
          forgetTrackedHomes(platform).catch(() => undefined);
      }),
    [platform],
  );
  return signedIn ? (
    <Suspense fallback={null}>
      <Tracking platform={platform} />
    </Suspense>
  ) : null;
}
