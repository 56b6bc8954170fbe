import { useEffect } from 'react';
import type { GroupedHome } from '@hearth/protocol';
import { EMPTY_HOME_DATA, isDeviceType, type DeviceType } from '../../lib/home-data';
import { http } from '../../lib/http';
import { useWizardStore } from './model/wizard-store';

interface GeoData {
  country?: string;
  state?: string;
  city?: string;
  zip?: string;
  tz_code?: string;
}

/**
 * Spec 2 §2 add-device wizard: the home's name, id and geo data come from the stored home;
 * the device type from the query (ethernet by default, or the first type offered here when
 * the native app of this brand hides ethernet).
 */
export function usePrefillExistingHome(
  homeId: string | null,
  home: GroupedHome | undefined,
  query: URLSearchParams,
  types: readonly DeviceType[],
) {
  const queryType = query.get('deviceType');
  const fallback: DeviceType = types.includes('ethernet') ? 'ethernet' : (types[0] ?? 'ethernet');
  // Started afresh for this home as the page opens, not once the home list has arrived: a device
  // detected meanwhile (a link opened directly) keeps its id.
  useEffect(() => {
    if (homeId === null) return;
    const deviceType = isDeviceType(queryType) ? queryType : fallback;
    const store = useWizardStore.getState();
    if (store.homeId !== homeId) store.reset({ homeId, deviceType });
    // The add-device wizard has no type step: the query decides on every visit.
    else if (store.deviceType !== deviceType) store.set({ deviceType });
  }, [homeId, queryType, fallback]);
  useEffect(() => {
    if (homeId === null || !home) return;
    useWizardStore.getState().set({ home: { ...EMPTY_HOME_DATA, name: home.name } });
    const controller = new AbortController();
    http
      .request<GeoData>(`/api/v2/groups/${encodeURIComponent(homeId)}/geo_data`, {
        signal: controller.signal,
        quiet: true,
      })
      .then(
        (geo) =>
          useWizardStore.getState().set({
            home: {
              name: home.name,
              country: geo.country ?? '',
              state: geo.state ?? '',
              city: geo.city ?? '',
              zip: geo.zip ?? '',
            },
            tzCode: geo.tz_code ?? '',
          }),
        () => undefined,
      );
    return () => controller.abort();
  }, [homeId, home]);
}
