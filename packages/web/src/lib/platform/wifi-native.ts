import { Capacitor, registerPlugin } from '@capacitor/core';
import { nativeQrScanner, type QrScanner } from './qr-native';
import type { WifiPlatform } from './wifi-types';

/**
 * The app's own native plugin "HearthWifi" (Android and iOS projects): there is no official
 * Capacitor plugin to scan and join networks, so its contract is ours and is written down in
 * docs/native.md. Every method rejects with a message on failure.
 */
export interface HearthWifiPlugin {
  capabilities(): Promise<{ scan: boolean; espTouch: boolean }>;
  scan(): Promise<{ networks: Array<{ ssid: string; rssi: number }> }>;
  current(): Promise<{ ssid: string | null }>;
  /** Joins the first network named `prefix…`; answers its name and the gateway address. */
  joinAccessPoint(options: { prefix: string; port: number }): Promise<{
    ssid: string;
    gateway: string;
  }>;
  leaveAccessPoint(): Promise<void>;
  espTouch(options: { ssid: string; password: string; timeoutMs: number }): Promise<{
    devId?: string;
  }>;
  /**
   * Espressif unified provisioning over Bluetooth (security 1 with a proof of possession);
   * answers the device id the heater reports once on the home network.
   */
  espProvision(options: {
    deviceName: string;
    pop: string;
    ssid: string;
    passphrase: string;
  }): Promise<{ devId?: string }>;
}

let plugin: HearthWifiPlugin | undefined;

export function hearthWifiPlugin(): HearthWifiPlugin {
  plugin ??= registerPlugin<HearthWifiPlugin>('HearthWifi');
  return plugin;
}

/** An IPv6 gateway needs brackets in a URL. */
function hostOf(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

/**
 * The native wifi, or undefined outside the Capacitor app. QR codes are read by the ML Kit
 * barcode plugin, not HearthWifi; a build whose HearthWifi lacks `capabilities` can still scan
 * a code, and says it can neither scan networks nor do espTouch.
 */
export function nativeWifi(
  qr: QrScanner = nativeQrScanner(Capacitor.getPlatform() === 'ios' ? 'ios' : 'android'),
): WifiPlatform | undefined {
  if (!Capacitor.isNativePlatform()) return undefined;
  const p = hearthWifiPlugin();
  return {
    available: true,
    capabilities: async () => {
      const [own, camera] = await Promise.all([
        p.capabilities().catch(() => ({ scan: false, espTouch: false })),
        qr.supported().catch(() => false),
      ]);
      return { scan: own.scan, espTouch: own.espTouch, qr: camera };
    },
    scanNetworks: async () =>
      (await p.scan()).networks.map((n) => ({ essid: n.ssid, rssi: n.rssi })),
    currentSsid: async () => (await p.current()).ssid,
    scanQrCode: () => qr.scan(),
    joinAccessPoint: async ({ prefix, port }) => {
      const joined = await p.joinAccessPoint({ prefix, port });
      return { ssid: joined.ssid, origin: `http://${hostOf(joined.gateway)}:${port}` };
    },
    leaveAccessPoint: () => p.leaveAccessPoint(),
    espTouch: async (options) => ({ devId: (await p.espTouch(options)).devId ?? null }),
  };
}
