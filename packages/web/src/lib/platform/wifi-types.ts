import type { WifiNetwork } from '@hearth/protocol';

/** What the phone's wifi plugin can do (espTouch and the QR camera are not on every build). */
export interface WifiCapabilities {
  scan: boolean;
  espTouch: boolean;
  qr: boolean;
}

/** The heater's own network, joined: its name and the HTTP origin of its API. */
export interface JoinedAccessPoint {
  ssid: string;
  origin: string;
}

/**
 * The wifi part of the platform (spec 2 §4 "Wifi provisioning"): scan and join networks, read
 * a QR code, espTouch. Only the native app has it; on the web `available` is false and every
 * call rejects with PlatformUnavailableError. The HTTP calls to the heater itself are plain
 * fetch to `origin`. The native plugin's contract is in docs/native.md.
 */
export interface WifiPlatform {
  available: boolean;
  capabilities(): Promise<WifiCapabilities>;
  /** Networks the phone sees (unsorted; rssi in dBm). */
  scanNetworks(): Promise<WifiNetwork[]>;
  /** The network the phone is on now, or null. */
  currentSsid(): Promise<string | null>;
  /** Reads one QR code with the camera: its text, or null when the user cancelled. */
  scanQrCode(): Promise<string | null>;
  /** Joins the first network whose name starts with `prefix`; the heater's API is on `port`. */
  joinAccessPoint(options: { prefix: string; port: number }): Promise<JoinedAccessPoint>;
  /** Gives the heater's network up so the phone goes back to the internet. */
  leaveAccessPoint(): Promise<void>;
  /** Sends the network by espTouch (SmartConfig); answers the device id the heater reports. */
  espTouch(options: { ssid: string; password: string; timeoutMs: number }): Promise<{
    devId: string | null;
  }>;
}

export class PlatformUnavailableError extends Error {
  constructor(what: string) {
    super(`${what} is only available in the native app`);
    this.name = 'PlatformUnavailableError';
  }
}
