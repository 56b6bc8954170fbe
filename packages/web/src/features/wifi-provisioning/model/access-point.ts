import {
  ACCESS_POINT_PORT,
  ACCESS_POINT_PREFIX,
  ACCESS_POINT_WAIT_MS,
  HEATER_API_TIMEOUT_MS,
  HEATER_INFO_PATH,
  HEATER_WIFI_NETWORK_PATH,
  devIdOf,
} from '@hearth/protocol';
import type { WifiPlatform } from '../../../lib/platform';
import { timeoutSignal, type Sleep } from './abortable';

export interface AccessPointDeps {
  wifi: Pick<WifiPlatform, 'joinAccessPoint' | 'leaveAccessPoint'>;
  fetch: typeof fetch;
  sleep: Sleep;
  signal: AbortSignal;
  essid: string;
  /** The password as the server encrypted it for this SSID (asked before leaving the internet). */
  encryptedPass: string;
  /** The device id was read: the success toast. */
  onDeviceFound: (devId: string) => void;
}

export class HeaterApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HeaterApiError';
  }
}

async function call(
  deps: AccessPointDeps,
  url: string,
  init: RequestInit = {},
): Promise<Record<string, unknown>> {
  const limit = timeoutSignal(deps.signal, HEATER_API_TIMEOUT_MS);
  let text: string;
  let res: Response;
  try {
    res = await deps.fetch(url, { ...init, signal: limit.signal });
    text = await res.text();
  } finally {
    limit.done();
  }
  let body: unknown = {};
  try {
    body = text === '' ? {} : JSON.parse(text);
  } catch {
    body = {};
  }
  const json = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (!res.ok)
    throw new HeaterApiError(
      res.status,
      typeof json.message === 'string' ? json.message : `heater answered ${res.status}`,
    );
  return json;
}

/**
 * Spec 2 §4 "Access point mode": join the heater's own network (Heater_xxxx), read its device
 * id with GET /info on port 8080, show the success toast, wait 2 s, send the home network
 * (essid and the encrypted password) with POST /mgr/wifi/network, then give the heater's
 * network up. Answers the device id.
 */
export async function provisionByAccessPoint(deps: AccessPointDeps): Promise<string> {
  const joined = await deps.wifi.joinAccessPoint({
    prefix: ACCESS_POINT_PREFIX,
    port: ACCESS_POINT_PORT,
  });
  try {
    const devId = devIdOf(await call(deps, `${joined.origin}${HEATER_INFO_PATH}`));
    if (!devId) throw new HeaterApiError(0, 'the heater did not say its device id');
    deps.onDeviceFound(devId);
    await deps.sleep(ACCESS_POINT_WAIT_MS, deps.signal);
    await call(deps, `${joined.origin}${HEATER_WIFI_NETWORK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ essid: deps.essid, pass: deps.encryptedPass }),
    });
    return devId;
  } finally {
    await deps.wifi.leaveAccessPoint().catch((err: unknown) => {
      // Leaving can fail when the phone already moved on; the flow goes on either way.
      if (!(err instanceof Error)) throw err;
    });
  }
}
