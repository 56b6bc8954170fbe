import { useEffect, useMemo, useState } from 'react';
import { awayFor, type HomeGeo, type PresenceChange } from '@hearth/protocol';
import type { GroupedHome } from '@hearth/protocol';
import { deviceObjectUrl } from '../devices/device-paths';
import { http } from '../http';
import { platform as defaultPlatform, type Platform } from '../platform';
import { createGeoTracker } from './geo-tracker';
import { onHomePermissionChange } from './home-permissions';
import { restartTracking } from './restart-tracking';

async function loadGeo(homeId: string): Promise<HomeGeo> {
  const geo = await http.request<Omit<HomeGeo, 'homeId'>>(
    `/api/v2/groups/${encodeURIComponent(homeId)}/geo_data`,
    { quiet: true },
  );
  return { ...geo, homeId };
}

/**
 * Leaving a home's range sets its devices away; coming back sets them at home. Only on the
 * homes the user owns: guests may not set a home away (ruling D21, the server refuses them).
 */
function applyPresence(homes: readonly GroupedHome[], changes: PresenceChange[]): void {
  for (const { homeId, presence } of changes) {
    const home = homes.find((h) => h.id === homeId && h.owner);
    for (const dev of home?.devs ?? []) {
      http
        .request(deviceObjectUrl(dev.dev_id, 'away_status'), {
          method: 'POST',
          json: { away: awayFor(presence) },
          quiet: true,
        })
        // Tracking failures are silent (spec 1 §4); the next crossing tries again.
        .catch(() => undefined);
    }
  }
}

/**
 * Geolocation tracking while signed in: restarted when the home list arrives or changes and
 * when a home's permission is switched (spec 1 §2 restarts it when the dashboard loads).
 */
export function useGeoTracking(
  homes: readonly GroupedHome[] | undefined,
  platform: Platform = defaultPlatform,
): void {
  const [tracker] = useState(() => createGeoTracker(platform.geolocation));
  const [permissionsVersion, setPermissionsVersion] = useState(0);
  const homeKey = useMemo(
    () => (homes ?? []).map((h) => `${h.id}:${h.devs.map((d) => d.dev_id).join('+')}`).join(','),
    [homes],
  );

  useEffect(() => onHomePermissionChange(() => setPermissionsVersion((v) => v + 1)), []);

  useEffect(() => {
    if (!homes) return;
    void restartTracking({
      platform,
      tracker,
      homeIds: homes.map((h) => h.id),
      loadGeo,
      onChanges: (changes) => applyPresence(homes, changes),
    });
    // homeKey and permissionsVersion say when to restart; homes is read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [homeKey, permissionsVersion, platform, tracker]);

  useEffect(() => () => tracker.stop(), [tracker]);
}
