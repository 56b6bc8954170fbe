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
