/**
 * The Bluetooth part of the platform: the subset of @capacitor-community/bluetooth-le's
 * BleClient that provisioning uses, with the plugin's own signatures (ble-native.ts checks
 * that BleClient fits it), so tests can drive the same calls against a fake of the plugin.
 */
export interface BleScanResult {
  device: { deviceId: string; name?: string };
  localName?: string;
  rssi?: number;
}

export interface BleTimeoutOptions {
  timeout?: number;
}

export interface BleCentral {
  /** Asks for the permissions (Android 12+: scan and connect) and readies the adapter. */
  initialize(options?: { androidNeverForLocation?: boolean }): Promise<void>;
  isEnabled(): Promise<boolean>;
  /** Android only: the system dialog that turns Bluetooth on. */
  requestEnable(): Promise<void>;
  requestLEScan(
    options: { namePrefix?: string; services?: string[]; allowDuplicates?: boolean },
    callback: (result: BleScanResult) => void,
  ): Promise<void>;
  stopLEScan(): Promise<void>;
  connect(
    deviceId: string,
    onDisconnect?: (deviceId: string) => void,
    options?: BleTimeoutOptions,
  ): Promise<void>;
  /** Android only; iOS bonds by itself. */
  createBond(deviceId: string, options?: BleTimeoutOptions): Promise<void>;
  disconnect(deviceId: string): Promise<void>;
  discoverServices(deviceId: string): Promise<void>;
  getServices(
    deviceId: string,
  ): Promise<Array<{ uuid: string; characteristics: Array<{ uuid: string }> }>>;
  getMtu(deviceId: string): Promise<number>;
  read(
    deviceId: string,
    service: string,
    characteristic: string,
    options?: BleTimeoutOptions,
  ): Promise<DataView>;
  write(
    deviceId: string,
    service: string,
    characteristic: string,
    value: DataView,
    options?: BleTimeoutOptions,
  ): Promise<void>;
}

export interface BlePlatform {
  available: boolean;
  os: 'android' | 'ios' | 'web';
  central: BleCentral;
  /** The Espressif provisioning path of newer heaters (HearthWifi.espProvision, docs/native.md). */
  espProvision(options: {
    deviceName: string;
    pop: string;
    ssid: string;
    passphrase: string;
  }): Promise<{ devId: string | null }>;
}
