import { PlatformUnavailableError, type WifiPlatform } from './wifi-types';

const unavailable = (): Promise<never> => Promise.reject(new PlatformUnavailableError('Wi-Fi'));

/** A browser can neither scan nor join networks: every call says so. */
export const webWifi: WifiPlatform = {
  available: false,
  capabilities: () => Promise.resolve({ scan: false, espTouch: false, qr: false }),
  scanNetworks: unavailable,
  currentSsid: unavailable,
  scanQrCode: unavailable,
  joinAccessPoint: unavailable,
  leaveAccessPoint: unavailable,
  espTouch: unavailable,
};
