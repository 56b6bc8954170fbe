/** Spec 2 §3 "Wizard data": the kinds of gateway a home can get. */
export const DEVICE_TYPES = ['wifiHtr', 'wifi', 'ethernet'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export interface DeviceTypeContext {
  native: boolean;
  /** The brand's capability; it only hides the ethernet smartbox in the native app. */
  ethernetAvailable: boolean;
  /** Node model types the brand offers (other gateway kinds need node models to exist). */
  wifiAvailable: boolean;
}

/**
 * Spec 2 §2: wifiHtr only in the native app; wifi smartboxes need native provisioning
 * (Bluetooth or the device's access point). Ethernet (ruling D7): offered always on the web;
 * in the native app, hidden when the brand's capabilities say it is unavailable.
 */
export function availableDeviceTypes(ctx: DeviceTypeContext): DeviceType[] {
  const types: DeviceType[] = [];
  if (ctx.native) types.push('wifiHtr');
  if (ctx.native && ctx.wifiAvailable) types.push('wifi');
  if (!ctx.native || ctx.ethernetAvailable) types.push('ethernet');
  return types;
}

export function isDeviceType(value: string | null | undefined): value is DeviceType {
  return (DEVICE_TYPES as readonly string[]).includes(value ?? '');
}
