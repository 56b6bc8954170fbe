const enc = encodeURIComponent;

export const ADD_HOME_STEPS = [
  'homeData',
  'deviceType',
  'deviceModel',
  'deviceDetection',
  'deviceConnection',
  'deviceData',
  'deviceRegistration',
  'success',
  'connectionError',
] as const;
export type WizardStep = (typeof ADD_HOME_STEPS)[number];

/** Spec 2 §2: the add-home wizard and the add-device-to-home wizard share their device steps. */
export function stepPath(homeId: string | null, step: WizardStep, search = ''): string {
  const base = homeId
    ? `/list/homes/${enc(homeId)}/devices/addDevice/${step}`
    : `/list/addHome/${step}`;
  return base + search;
}

/**
 * Spec 2 §2: the connection-error help's device-disconnected guide links to the device's wifi
 * configuration, /list/homes/{homeId}/deviceEdit/{devId}/wifiConfiguration.
 */
export function wifiConfigurationPath(homeId: string, devId: string): string {
  return `/list/homes/${enc(homeId)}/deviceEdit/${enc(devId)}/wifiConfiguration`;
}
