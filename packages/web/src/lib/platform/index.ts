import { Capacitor } from '@capacitor/core';
import { createNativePlatform } from './native-platform';
import type { Platform } from './platform-types';
import { webPlatform } from './web-platform';

export type { GeoFix, GeolocationService, Platform, PreferencesStore } from './platform-types';
export { webPlatform } from './web-platform';

/** The one door to native capabilities (Capacitor); only this folder imports Capacitor. */
export const platform: Platform = Capacitor.isNativePlatform()
  ? createNativePlatform()
  : webPlatform;
export { wifi, PlatformUnavailableError } from './wifi';
export type { JoinedAccessPoint, WifiCapabilities, WifiPlatform } from './wifi';
export { ble } from './ble';
export type { BleCentral, BlePlatform, BleScanResult, BleTimeoutOptions } from './ble';
export type { FakeNative } from './wifi-test-hook';
