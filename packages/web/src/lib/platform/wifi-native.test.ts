import { describe, expect, test, vi } from 'vitest';
import { createFakeBarcodeScanner } from './fake-barcode-scanner';

// HearthWifi exists only inside the native shells; this stand-in answers as its contract in
// docs/native.md says, so the mapping onto the platform interface is checked here.
const calls: Array<[string, unknown]> = [];
let gateway = '192.168.4.1';
const plugin = {
  capabilities: async () => ({ scan: true, espTouch: false }),
  scan: async () => ({ networks: [{ ssid: 'HomeNet', rssi: -52 }] }),
  current: async () => ({ ssid: 'HomeNet' }),
  joinAccessPoint: async (options: unknown) => {
    calls.push(['joinAccessPoint', options]);
    return { ssid: 'Heater_1a2b', gateway };
  },
  leaveAccessPoint: async () => void calls.push(['leaveAccessPoint', undefined]),
  espTouch: async () => ({}),
  espProvision: async (options: unknown) => {
    calls.push(['espProvision', options]);
    return { devId: '5100aaaaaaaaaaaa01' };
  },
};
vi.mock('@capacitor/core', () => ({
  Capacitor: { getPlatform: () => 'ios', isNativePlatform: () => true },
  registerPlugin: (name: string) => {
    calls.push(['registerPlugin', name]);
    return plugin;
  },
}));
vi.mock('@capacitor-community/bluetooth-le', () => ({ BleClient: { initialize: vi.fn() } }));
const scanner = createFakeBarcodeScanner({ scans: [{ text: 'WIFI:S:HomeNet;P:pw;;' }] });
vi.mock('@capacitor-mlkit/barcode-scanning', () => ({ BarcodeScanner: scanner.plugin }));

const { nativeWifi } = await import('./wifi-native');
const { nativeBle } = await import('./ble-native');

describe('native wifi over HearthWifi', () => {
  test('maps scans, the current network, QR (ML Kit plugin) and the heater origin', async () => {
    const wifi = nativeWifi();
    expect(wifi?.available).toBe(true);
    expect(calls).toContainEqual(['registerPlugin', 'HearthWifi']);
    expect(await wifi?.capabilities()).toEqual({ scan: true, espTouch: false, qr: true });
    expect(await wifi?.scanNetworks()).toEqual([{ essid: 'HomeNet', rssi: -52 }]);
    expect(await wifi?.currentSsid()).toBe('HomeNet');
    expect(await wifi?.scanQrCode()).toBe('WIFI:S:HomeNet;P:pw;;');
    expect(await wifi?.espTouch({ ssid: 'a', password: 'b', timeoutMs: 1 })).toEqual({
      devId: null,
    });
    expect(await wifi?.joinAccessPoint({ prefix: 'Heater', port: 8080 })).toEqual({
      ssid: 'Heater_1a2b',
      origin: 'http://192.168.4.1:8080',
    });
    expect(calls).toContainEqual(['joinAccessPoint', { prefix: 'Heater', port: 8080 }]);
    gateway = 'fe80::1';
    expect((await wifi?.joinAccessPoint({ prefix: 'Heater', port: 8080 }))?.origin).toBe(
      'http://[fe80::1]:8080',
    );
  });

  test('a HearthWifi without capabilities still reads QR codes', async () => {
    const own = plugin.capabilities;
    plugin.capabilities = () =>
      Promise.reject(new Error('"HearthWifi.capabilities()" is not implemented on ios'));
    try {
      const noCamera = { supported: async () => false, scan: async () => null };
      expect(await nativeWifi()?.capabilities()).toEqual({
        scan: false,
        espTouch: false,
        qr: true,
      });
      expect(await nativeWifi(noCamera)?.capabilities()).toEqual({
        scan: false,
        espTouch: false,
        qr: false,
      });
    } finally {
      plugin.capabilities = own;
    }
  });

  test('Bluetooth is the plugin client, with the Espressif path through HearthWifi', async () => {
    const ble = nativeBle();
    expect(ble).toMatchObject({ available: true, os: 'ios' });
    const options = { deviceName: 'Heater_1', pop: 'p', ssid: 's', passphrase: 'x' };
    expect(await ble?.espProvision(options)).toEqual({ devId: '5100aaaaaaaaaaaa01' });
    expect(calls).toContainEqual(['espProvision', options]);
  });
});
