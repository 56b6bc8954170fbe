import { useQuery } from '@tanstack/react-query';
import { deviceObjectUrl } from '../../../lib/devices';
import { http } from '../../../lib/http';

const enc = encodeURIComponent;
const group = (homeId: string, suffix: string) => `/api/v2/groups/${enc(homeId)}${suffix}`;

export const homeKeys = {
  presence: (homeId: string) => ['groups', homeId, 'presence', 'config'] as const,
  geo: (homeId: string) => ['groups', homeId, 'geo_data'] as const,
  away: (devId: string) => ['devs', devId, 'mgr', 'away_status'] as const,
};

export interface PresenceConfig {
  email: string;
  enabled: boolean;
  excluded_nodes: Array<{ devid: string; nodes: number[] }>;
}

/**
 * Spec 2 §4, ruling D13: quiet-home data that cannot be loaded is never taken as "not
 * configured". A failed read throws, so that the screen says the data could not be loaded and
 * offers Retry rather than settings it could save over what the home has. The read is quiet:
 * those screens say it themselves (a toast as well would tell it twice).
 */
export async function getPresenceConfig(homeId: string): Promise<PresenceConfig> {
  const got = await http.request<Partial<PresenceConfig>>(
    `/api/notifications/v1/${enc(homeId)}/presence/config`,
    { quiet: true },
  );
  return {
    email: got.email ?? '',
    enabled: got.enabled ?? false,
    excluded_nodes: got.excluded_nodes ?? [],
  };
}

export function usePresenceConfig(homeId: string) {
  return useQuery({
    queryKey: homeKeys.presence(homeId),
    queryFn: () => getPresenceConfig(homeId),
  });
}

/** Spec 2 §7: a 429 is the caller's too-many-requests message, so no global toast. */
export function setPresenceConfig(homeId: string, config: PresenceConfig) {
  return http.request(`/api/notifications/v1/${enc(homeId)}/presence/config`, {
    method: 'POST',
    json: config,
    quiet: true,
  });
}

export function testPresence(homeId: string) {
  return http.request(`/api/notifications/v1/${enc(homeId)}/test`, { method: 'POST', json: {} });
}

export function setAwayStatus(devId: string, away: boolean) {
  return http.request(deviceObjectUrl(devId, 'away_status'), { method: 'POST', json: { away } });
}

export function getAwayStatus(devId: string) {
  return http.request<{ away: boolean; enabled: boolean }>(deviceObjectUrl(devId, 'away_status'));
}

export function setHomeName(homeId: string, name: string) {
  return http.request(group(homeId, '/name'), { method: 'POST', json: { name } });
}

export type GeoData = Partial<{
  country: string;
  state: string;
  city: string;
  zip: string;
  tz_code: string;
  coarsePosition: { latitude: number; longitude: number };
  position: { latitude: number; longitude: number };
  outdoor_range: number;
}>;

export function getGeoData(homeId: string) {
  return http.request<GeoData>(group(homeId, '/geo_data'));
}

export function useGeoData(homeId: string) {
  return useQuery({ queryKey: homeKeys.geo(homeId), queryFn: () => getGeoData(homeId) });
}

export function setGeoData(homeId: string, data: GeoData) {
  return http.request(group(homeId, '/geo_data'), { method: 'POST', json: data });
}

export interface ExtraData {
  maxPowerType?: string;
  maxPowerProfiles?: Array<{ name: string; color: string; value: number }>;
  nodeData?: Record<string, unknown>;
  /** A home whose max power configuration is locked says so (spec 2 §4 editable flag). */
  editable?: boolean;
}

export function useExtraData(homeId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['groups', homeId, 'extra_data'],
    queryFn: () => http.request<ExtraData>(group(homeId, '/extra_data'), { quiet: true }),
    enabled,
    retry: false,
  });
}

export function setExtraData(homeId: string, data: ExtraData) {
  return http.request(group(homeId, '/extra_data'), { method: 'POST', json: data });
}

interface PmoSystemBody {
  main_circuit_pmos: number[];
  max_power_config: { profiles: number[]; slots: Array<{ m: number; i: number }> };
}

export function setPmoSystem(devId: string, body: PmoSystemBody) {
  return http.request(deviceObjectUrl(devId, 'pmo_system'), { method: 'POST', json: body });
}

/**
 * Spec 2 §7 setPmoSystem writes the whole object: a new max power configuration keeps the
 * device's main-circuit power monitors as the device has them now.
 */
export async function setMaxPowerConfig(
  devId: string,
  config: PmoSystemBody['max_power_config'],
): Promise<void> {
  const current = await http.request<Partial<PmoSystemBody>>(deviceObjectUrl(devId, 'pmo_system'));
  await setPmoSystem(devId, {
    main_circuit_pmos: current.main_circuit_pmos ?? [],
    max_power_config: config,
  });
}
