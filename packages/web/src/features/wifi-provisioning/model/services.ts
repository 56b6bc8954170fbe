import { ble, wifi, type BlePlatform, type WifiPlatform } from '../../../lib/platform';
import { encryptedPassword, isConnected } from '../api/wifi-api';
import { sleep, type Sleep } from './abortable';
import { connectedHubDiscovery, type HubDiscovery } from './hub-discovery';

/** Everything the provisioning screens reach out to; tests hand in their own. */
export interface ProvisioningServices {
  wifi: WifiPlatform;
  ble: BlePlatform;
  encrypt: (essid: string, password: string) => Promise<string>;
  hub: () => HubDiscovery;
  fetch: typeof fetch;
  sleep: Sleep;
}

export function defaultServices(): ProvisioningServices {
  return {
    wifi,
    ble,
    encrypt: encryptedPassword,
    hub: () => connectedHubDiscovery({ isConnected }),
    fetch: (input, init) => globalThis.fetch(input, init),
    sleep,
  };
}
