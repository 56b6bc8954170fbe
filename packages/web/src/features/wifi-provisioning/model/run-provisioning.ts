import {
  BLUETOOTH_TIMEOUT_MS,
  ESPTOUCH_TIMEOUT_MS,
  type ProvisioningMethod,
} from '@hearth/protocol';
import type { BlePlatform, WifiPlatform } from '../../../lib/platform';
import { AbortedError, withTimeout, type Sleep } from './abortable';
import { provisionByAccessPoint } from './access-point';
import { provisionByBluetooth } from './bluetooth';
import type { HubDiscovery } from './hub-discovery';

export interface RunDeps {
  method: ProvisioningMethod;
  essid: string;
  password: string;
  /** The heater being configured again, when it is already known (wifi configuration). */
  knownDevId: string | null;
  wifi: WifiPlatform;
  ble: BlePlatform;
  encrypt: (essid: string, password: string) => Promise<string>;
  hub: () => HubDiscovery;
  fetch: typeof fetch;
  sleep: Sleep;
  /** The heater said its device id (the access point path shows the success toast). */
  onDeviceFound: (devId: string) => void;
  /** The heater has the network; the hub discovery is waiting. */
  onNetworkSent: () => void;
}

export type RunOutcome =
  | { kind: 'confirmed'; devId: string }
  | { kind: 'methodFailed'; error: unknown }
  | { kind: 'hubTimedOut' };

function sendByMethod(
  deps: RunDeps,
  encryptedPass: string,
  signal: AbortSignal,
): Promise<string | null> {
  const common = { essid: deps.essid, encryptedPass, sleep: deps.sleep };
  switch (deps.method) {
    case 'accessPoint':
      return provisionByAccessPoint({
        ...common,
        wifi: deps.wifi,
        fetch: deps.fetch,
        signal,
        onDeviceFound: deps.onDeviceFound,
      });
    case 'bt':
      // Spec 2 §4: Bluetooth has 60 s, then the flow falls back to the access point.
      return withTimeout(BLUETOOTH_TIMEOUT_MS, signal, (s) =>
        provisionByBluetooth({
          ...common,
          ble: deps.ble,
          signal: s,
          onDeviceFound: deps.onDeviceFound,
        }),
      );
    case 'espTouch':
      return withTimeout(ESPTOUCH_TIMEOUT_MS, signal, async () => {
        const got = await deps.wifi.espTouch({
          ssid: deps.essid,
          password: encryptedPass,
          timeoutMs: ESPTOUCH_TIMEOUT_MS,
        });
        return got.devId;
      });
  }
}

/**
 * Sub-step 4 of spec 2 §4: encrypt the password on the server (before the phone may leave the
 * internet for the heater's network), send the network by the chosen method, then let the hub
 * discovery confirm the heater. A method that fails or times out answers `methodFailed`; the
 * state machine decides what to fall back to.
 */
export async function runProvisioning(deps: RunDeps, signal: AbortSignal): Promise<RunOutcome> {
  let devId: string;
  try {
    const encryptedPass = await deps.encrypt(deps.essid, deps.password);
    const said = await sendByMethod(deps, encryptedPass, signal);
    const id = said ?? deps.knownDevId;
    if (!id) throw new Error('the heater did not say its device id');
    devId = id;
  } catch (error) {
    if (signal.aborted) throw new AbortedError();
    return { kind: 'methodFailed', error };
  }
  deps.onNetworkSent();
  const mine = deps.knownDevId !== null && devId.toLowerCase() === deps.knownDevId.toLowerCase();
  try {
    return { kind: 'confirmed', devId: await deps.hub().confirmed(devId, mine, signal) };
  } catch {
    if (signal.aborted) throw new AbortedError();
    return { kind: 'hubTimedOut' };
  }
}
