import type { BleCentral, BlePlatform } from './ble-types';
import { PlatformUnavailableError } from './wifi-types';

const unavailable = (): Promise<never> => Promise.reject(new PlatformUnavailableError('Bluetooth'));

const central: BleCentral = {
  initialize: unavailable,
  isEnabled: unavailable,
  requestEnable: unavailable,
  requestLEScan: unavailable,
  stopLEScan: unavailable,
  connect: unavailable,
  createBond: unavailable,
  disconnect: unavailable,
  discoverServices: unavailable,
  getServices: unavailable,
  getMtu: unavailable,
  read: unavailable,
  write: unavailable,
};

/** The web app does not provision heaters over Bluetooth (spec 2 §1): every call says so. */
export const webBle: BlePlatform = {
  available: false,
  os: 'web',
  central,
  espProvision: unavailable,
};
