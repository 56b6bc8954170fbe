import { useEffect } from 'react';
import { useHomes } from '../lib/devices';
import { forgetTrackedHomes, useGeoTracking } from '../lib/geo-tracking';
import { platform as defaultPlatform, type Platform } from '../lib/platform';
import { hasSession, useSessionStore } from '../lib/session/session-store';

function Tracking({ platform }: { platform: Platform }) {
  useGeoTracking(useHomes().data, platform);
  return null;
}

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
          forgetTrackedHomes(platform.preferences).catch(() => undefined);
      }),
    [platform],
  );
  return signedIn ? <Tracking platform={platform} /> : null;
}
