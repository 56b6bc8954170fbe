import { Capacitor } from '@capacitor/core';
import { BleClient } from '@capacitor-community/bluetooth-le';
import type { BleCentral, BlePlatform } from './ble-types';
import { hearthWifiPlugin } from './wifi-native';

/** The plugin's client, checked here to fit the subset provisioning uses. */
const central: BleCentral = BleClient;

/** Bluetooth in the Capacitor app, or undefined outside it. */
export function nativeBle(): BlePlatform | undefined {
  if (!Capacitor.isNativePlatform()) return undefined;
  return {
    available: true,
    os: Capacitor.getPlatform() === 'ios' ? 'ios' : 'android',
    central,
    espProvision: async (options) => ({
      devId: (await hearthWifiPlugin().espProvision(options)).devId ?? null,
    }),
  };
}
