const enc = encodeURIComponent;

export const HOME_OPTIONS = ['devices', 'guests', 'data', 'geolocation'] as const;
export type HomeOption = (typeof HOME_OPTIONS)[number];

/** Spec 2 §2 routes of the homes area. */
export const homeRoutes = {
  list: '/list',
  addHome: '/list/addHome/homeData',
  sortSettings: '/list/config',
  details: (homeId: string, option: HomeOption) => `/list/homes/${enc(homeId)}/${option}`,
  deviceSettings: (homeId: string, devId: string) =>
    `/list/homes/${enc(homeId)}/devices/${enc(devId)}/settings`,
  addDevice: (homeId: string) => `/list/homes/${enc(homeId)}/devices/addDevice/deviceDetection`,
  powerSchedule: (homeId: string, devId: string) =>
    `/homes/${enc(homeId)}/devs/${enc(devId)}/powerSchedule`,
  quietHomeNodes: (homeId: string) => `/homes/${enc(homeId)}/config/quietHomeNodes`,
};

/** Spec 2 §6: guests see only home data and geolocation. */
/**
 * Owners see every option, guests the data and geolocation (spec 2 §2); the brand may switch
 * invitations and geolocation off (spec 1 §7 capabilities inviteEnabled, geolocationEnabled).
 */
export function optionsFor(
  owner: boolean,
  features: { inviteEnabled: boolean; geolocationEnabled: boolean } = {
    inviteEnabled: true,
    geolocationEnabled: true,
  },
): HomeOption[] {
  const options: readonly HomeOption[] = owner ? HOME_OPTIONS : ['data', 'geolocation'];
  return options.filter(
    (o) =>
      (o !== 'guests' || features.inviteEnabled) &&
      (o !== 'geolocation' || features.geolocationEnabled),
  );
}
