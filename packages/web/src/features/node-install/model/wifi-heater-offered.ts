import { platform, wifi } from '../../../lib/platform';

/**
 * Spec 2 §1, §6: the wifi heater node type is unavailable on web; installing one needs the
 * native app's wifi provisioning (Bluetooth or the heater's own access point).
 */
export function wifiHeaterOfferedHere(): boolean {
  return platform.isNative || wifi.available;
}
