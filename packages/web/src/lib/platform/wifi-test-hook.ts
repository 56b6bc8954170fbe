import type { BlePlatform } from './ble-types';
import type { WifiPlatform } from './wifi-types';

/**
 * Browser journeys have no phone: they put a "fake native" wifi and Bluetooth on
 * `window.__HEARTH_FAKE_NATIVE__` before the app loads (Playwright's addInitScript), so the
 * provisioning screens run in Chromium while the heater's HTTP goes to the simulator's SoftAP
 * on loopback. Nothing in the app sets it; a page that could set it could run any script anyway.
 */
export interface FakeNative {
  wifi?: WifiPlatform;
  ble?: BlePlatform;
}

export function testHook(): FakeNative | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as Window & { __HEARTH_FAKE_NATIVE__?: FakeNative }).__HEARTH_FAKE_NATIVE__;
}
