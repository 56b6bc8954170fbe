import type { WifiNetwork } from '@hearth/protocol';
import type { BlePlatform, WifiPlatform } from '../../../lib/platform';
import { createFakeBle } from './fake-bluetooth-le';
import type { ProvisioningServices } from './services';

/** Test services: a phone with no Bluetooth by default, a heater answering on a fake origin. */
export const webBleForTest: BlePlatform = {
  available: false,
  os: 'web',
  central: createFakeBle({ os: 'ios', heaters: [], initializeError: 'unavailable' }),
  espProvision: () => Promise.reject(new Error('unavailable')),
};

interface Options {
  wifi?: Partial<WifiPlatform>;
  ble?: BlePlatform;
  networks?: WifiNetwork[];
  current?: string | null;
  qr?: () => Promise<string | null>;
  join?: () => void;
  heater?: { devId: string; received: string[] };
}

const HEATER = 'http://heater.test';

export function fakeServices(o: Options = {}): ProvisioningServices {
  const heater = o.heater ?? { devId: '5100ffffffffffff01', received: [] };
  const wifi: WifiPlatform = {
    available: true,
    capabilities: async () => ({ scan: o.networks !== undefined, espTouch: false, qr: !!o.qr }),
    scanNetworks: async () => o.networks ?? [],
    currentSsid: async () => (o.current === undefined ? 'CurrentNet' : o.current),
    scanQrCode: () => (o.qr ? o.qr() : Promise.resolve(null)),
    joinAccessPoint: async () => {
      o.join?.();
      return { ssid: 'Heater_0001', origin: HEATER };
    },
    leaveAccessPoint: async () => undefined,
    espTouch: async () => ({ devId: null }),
    ...o.wifi,
  };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input);
    if (url === `${HEATER}/info`)
      return new Response(JSON.stringify({ dev_id: heater.devId }), { status: 200 });
    if (url === `${HEATER}/mgr/wifi/network` && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { essid: string; pass: string };
      heater.received.push(`POST ${body.essid} ${body.pass}`);
      return new Response('{}', { status: 200 });
    }
    return new Response('{}', { status: 404 });
  };
  return {
    wifi,
    ble: o.ble ?? webBleForTest,
    encrypt: async (essid, password) => `ENC(${essid}:${password})`,
    hub: () => ({ confirmed: async (devId) => devId }),
    fetch,
    sleep: async () => undefined,
  };
}
