import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MaxPowerOption, PmoSystem, PowerProfile } from '@hearth/protocol';
import { deviceObjectUrl, useHomes } from '../../../lib/devices';
import { http } from '../../../lib/http';

const group = (homeId: string) => `/api/v2/groups/${encodeURIComponent(homeId)}`;

/** Spec 2 §3 extraData; nodeData is kept as the server gives it. */
export interface ExtraData {
  maxPowerProfiles?: PowerProfile[];
  maxPowerType?: string;
  nodeData?: unknown;
  /** Ours: a home whose max power configuration is locked says so (spec 2 §4 editable flag). */
  editable?: boolean;
}

export const powerKeys = {
  extraData: (homeId: string) => ['groups', homeId, 'extra_data'] as const,
  heaterLimit: (devId: string) => ['devs', devId, 'htr_system', 'power_limit'] as const,
};

/** The app's one home list, in its one order (ruling D4: the same list after Back). */
export const useHomesData = useHomes;

export function useExtraData(homeId: string) {
  return useQuery(
    queryOptions({
      queryKey: powerKeys.extraData(homeId),
      queryFn: ({ signal }) => http.request<ExtraData>(`${group(homeId)}/extra_data`, { signal }),
    }),
  );
}

export function postExtraData(homeId: string, data: ExtraData) {
  return http.request<unknown>(`${group(homeId)}/extra_data`, { method: 'POST', json: data });
}

export function postPmoSystem(devId: string, system: PmoSystem) {
  return http.request<unknown>(deviceObjectUrl(devId, 'pmo_system'), {
    method: 'POST',
    json: system,
  });
}

export function useHeaterPowerLimit(devId: string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: powerKeys.heaterLimit(devId),
      enabled,
      queryFn: ({ signal }) =>
        http.request<{ power_limit: string }>(deviceObjectUrl(devId, 'htr_power_limit'), {
          signal,
        }),
    }),
  );
}

export function postHeaterPowerLimit(devId: string, watts: number) {
  return http.request<unknown>(deviceObjectUrl(devId, 'htr_power_limit'), {
    method: 'POST',
    json: { power_limit: String(watts) },
  });
}

/** Spec 3 §7: the max power configuration list the profile selection offers. */
export function useMaxPowerOptions(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['assets', 'maxPowerConfig'],
      queryFn: ({ signal }) =>
        http.request<MaxPowerOption[]>('/assets/maxPowerConfig.json', {
          signal,
          auth: false,
          quiet: true,
        }),
      enabled,
      retry: false,
    }),
  );
}
