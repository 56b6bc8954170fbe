import { nativeBle } from './ble-native';
import type { BlePlatform } from './ble-types';
import { webBle } from './ble-web';
import { testHook } from './wifi-test-hook';

export type { BleCentral, BlePlatform, BleScanResult, BleTimeoutOptions } from './ble-types';

/** The Bluetooth implementation of this run: the plugin in the Capacitor app, "not available" on the web. */
export const ble: BlePlatform = testHook()?.ble ?? nativeBle() ?? webBle;
