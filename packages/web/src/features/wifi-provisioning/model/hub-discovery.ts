import { HUB_DISCOVERY_TIMEOUT_MS } from '@hearth/protocol';
import { ProvisioningTimeoutError, sleep as defaultSleep, type Sleep } from './abortable';

/**
 * Spec 2 §4: after the heater has the network, the hub discovery confirms the device. The
 * server tells a gateway's id only to the user who added it (docs/wire-contract.md §7, dev_handshake), so:
 * - a heater already in one of the user's homes (wifi configuration) is confirmed when it
 *   reports connected again;
 * - a new heater is confirmed by the id it said itself (access point, Bluetooth, or the native
 *   espTouch/Espressif plugin), and the registration step that follows waits for it to report
 *   connected (spec 2 §4 "Device registration", up to 60 s, else the connection-error help).
 */
export interface HubDiscovery {
  confirmed(devId: string, alreadyMine: boolean, signal: AbortSignal): Promise<string>;
}

export interface HubDiscoveryDeps {
  isConnected: (devId: string) => Promise<boolean>;
  sleep?: Sleep;
  now?: () => number;
  timeoutMs?: number;
  pollMs?: number;
}

export function connectedHubDiscovery(deps: HubDiscoveryDeps): HubDiscovery {
  const sleep = deps.sleep ?? defaultSleep;
  const now = deps.now ?? (() => Date.now());
  const timeoutMs = deps.timeoutMs ?? HUB_DISCOVERY_TIMEOUT_MS;
  const pollMs = deps.pollMs ?? 2_000;
  return {
    async confirmed(devId, alreadyMine, signal) {
      if (!alreadyMine) return devId;
      const started = now();
      while (now() - started < timeoutMs) {
        if (await deps.isConnected(devId).catch(() => false)) return devId;
        await sleep(pollMs, signal);
      }
      throw new ProvisioningTimeoutError(timeoutMs);
    },
  };
}
