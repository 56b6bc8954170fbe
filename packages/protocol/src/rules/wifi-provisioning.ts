import { BLUETOOTH_PASSWORD_LIMIT, WIFI_SIGNAL_THRESHOLDS } from './constants';
import { BLE_CLASSIC_NAME_PREFIX, BLE_ESP_NAME_PREFIX } from './wifi-provisioning-constants';

/** Spec 2 §3 "Discovered wifi networks". */
export interface WifiNetwork {
  essid: string;
  rssi: number;
}

export type SignalLevel = 1 | 2 | 3 | 4;

/** Spec 2 §4: below -70 is 1, below -60 is 2, below -40 is 3, otherwise 4. */
export function signalLevel(rssi: number): SignalLevel {
  const [weak, fair, good] = WIFI_SIGNAL_THRESHOLDS;
  if (rssi < weak) return 1;
  if (rssi < fair) return 2;
  if (rssi < good) return 3;
  return 4;
}

/** Strongest first; one entry per name (its strongest), hidden networks (no name) left out. */
export function sortNetworks(networks: readonly WifiNetwork[]): WifiNetwork[] {
  const best = new Map<string, WifiNetwork>();
  for (const n of networks) {
    if (n.essid === '') continue;
    const seen = best.get(n.essid);
    if (!seen || n.rssi > seen.rssi) best.set(n.essid, n);
  }
  return [...best.values()].sort((a, b) => b.rssi - a.rssi || a.essid.localeCompare(b.essid));
}

/** Splits on `;` that is not escaped by a backslash, as the WIFI: QR format escapes. */
function fields(text: string): string[] {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) {
      current += text[i + 1];
      i++;
    } else if (c === ';') {
      out.push(current);
      current = '';
    } else current += c;
  }
  if (current !== '') out.push(`${current}\u0000`); // unterminated: never a complete field
  return out;
}

/**
 * Spec 2 §4 "QR scanning for wifi credentials": a text containing `S:{ssid};` and
 * `P:{password};` fills both; anything else answers null (the app scans again). Accepts the
 * usual `WIFI:T:WPA;S:…;P:…;;` codes with their backslash escapes.
 */
export function parseWifiQr(text: string): { essid: string; password: string } | null {
  const body = text.trim().replace(/^WIFI:/i, '');
  let essid: string | undefined;
  let password: string | undefined;
  for (const field of fields(body)) {
    if (field.endsWith('\u0000')) continue;
    if (field.startsWith('S:')) essid = field.slice(2);
    else if (field.startsWith('P:')) password = field.slice(2);
  }
  if (essid === undefined || essid === '' || password === undefined) return null;
  return { essid, password };
}

/* Methods and sub-steps. */

export const PROVISIONING_METHODS = ['bt', 'accessPoint', 'espTouch'] as const;
export type ProvisioningMethod = (typeof PROVISIONING_METHODS)[number];

/**
 * Spec 2 §4: bt or accessPoint, bt first and the default; espTouch only where the phone
 * has it. Without Bluetooth the access point is the only way.
 */
export function provisioningMethods(has: {
  bluetooth: boolean;
  espTouch: boolean;
}): ProvisioningMethod[] {
  return PROVISIONING_METHODS.filter(
    (m) =>
      m === 'accessPoint' || (m === 'bt' && has.bluetooth) || (m === 'espTouch' && has.espTouch),
  );
}

/** Spec 2 §2 "Wifi sub-steps". */
export const WIFI_SUB_STEPS = {
  network: 1,
  method: 2,
  connectionInfo: 3,
  provisioning: 4,
} as const;
export type WifiSubStep = (typeof WIFI_SUB_STEPS)[keyof typeof WIFI_SUB_STEPS];

export type ProvisioningPhase =
  /** The user fills a sub-step. */
  | 'editing'
  /** Sub-step 4: the method runs (progress shown). */
  | 'running'
  /** The device id was read from the heater (access point: the success toast). */
  | 'deviceFound'
  /** The heater has the network; the hub discovery waits for it to reach the server. */
  | 'confirming'
  /** The hub discovery confirmed the device: the progress completes and the flow moves on. */
  | 'done'
  /** Nothing more to fall back to: the connection-error help screen. */
  | 'failed';

export interface ProvisioningState {
  subStep: WifiSubStep;
  method: ProvisioningMethod;
  phase: ProvisioningPhase;
  essid: string;
  password: string;
  devId: string | null;
  /** The method that failed and made the flow switch to the access point. */
  fellBackFrom: ProvisioningMethod | null;
}

export type ProvisioningEvent =
  | { type: 'networkSubmitted'; essid: string; password: string }
  | { type: 'methodChosen'; method: ProvisioningMethod }
  | { type: 'connectionInfoAccepted' }
  | { type: 'deviceFound'; devId: string }
  | { type: 'networkSent' }
  | { type: 'hubConfirmed'; devId: string }
  /** The running method timed out or failed. */
  | { type: 'methodFailed' }
  /** The hub discovery did not see the heater in time. */
  | { type: 'hubTimedOut' }
  /** The user stops a running method: back to preparing the heater. */
  | { type: 'cancelled' }
  /**
   * The user came back to the flow's screen after it ended (done or failed) and moved on: it
   * starts again at preparing the heater, the network and method kept.
   */
  | { type: 'reentered' }
  | { type: 'back' };

export function initialProvisioning(method: ProvisioningMethod = 'bt'): ProvisioningState {
  return {
    subStep: WIFI_SUB_STEPS.network,
    method,
    phase: 'editing',
    essid: '',
    password: '',
    devId: null,
    fellBackFrom: null,
  };
}

/**
 * Spec 2 §4: espTouch and Bluetooth fall back to the access point on timeout or error. When the
 * method switches to accessPoint on sub-step 4 or later the step count goes back by one, so the
 * user sees how to join the heater's network before the access point path runs.
 */
export function fallBackToAccessPoint(state: ProvisioningState): ProvisioningState {
  if (state.method === 'accessPoint') return { ...state, phase: 'failed' };
  const back = state.subStep >= WIFI_SUB_STEPS.provisioning ? state.subStep - 1 : state.subStep;
  return {
    ...state,
    method: 'accessPoint',
    subStep: back as WifiSubStep,
    phase: 'editing',
    devId: null,
    fellBackFrom: state.method,
  };
}

export function provisioningReducer(
  state: ProvisioningState,
  event: ProvisioningEvent,
): ProvisioningState {
  switch (event.type) {
    case 'networkSubmitted':
      return {
        ...state,
        essid: event.essid,
        password: event.password,
        subStep: WIFI_SUB_STEPS.method,
      };
    case 'methodChosen':
      return {
        ...state,
        method: event.method,
        fellBackFrom: null,
        subStep: WIFI_SUB_STEPS.connectionInfo,
      };
    case 'connectionInfoAccepted':
      return { ...state, subStep: WIFI_SUB_STEPS.provisioning, phase: 'running', devId: null };
    case 'deviceFound':
      return state.phase === 'running'
        ? { ...state, phase: 'deviceFound', devId: event.devId }
        : state;
    case 'networkSent':
      return state.phase === 'running' || state.phase === 'deviceFound'
        ? { ...state, phase: 'confirming' }
        : state;
    case 'hubConfirmed':
      return state.phase === 'failed' ? state : { ...state, phase: 'done', devId: event.devId };
    case 'methodFailed':
      return state.phase === 'done' ? state : fallBackToAccessPoint(state);
    case 'hubTimedOut':
      return state.phase === 'done' ? state : { ...state, phase: 'failed' };
    case 'cancelled':
      return state.phase === 'done' || state.phase === 'editing' || state.phase === 'failed'
        ? state
        : { ...state, phase: 'editing', subStep: WIFI_SUB_STEPS.connectionInfo, devId: null };
    case 'reentered':
      return state.phase === 'done' || state.phase === 'failed'
        ? { ...state, phase: 'editing', subStep: WIFI_SUB_STEPS.connectionInfo, devId: null }
        : state;
    case 'back':
      if (state.phase === 'running' || state.phase === 'confirming') return state;
      return {
        ...state,
        phase: 'editing',
        subStep: Math.max(WIFI_SUB_STEPS.network, state.subStep - 1) as WifiSubStep,
      };
  }
}

/* Bluetooth. */

export type BleHeaterFamily = 'esp' | 'classic';

/** Spec 2 §4: `Heater_…` is the newer (Espressif) kind, `Heater-…` the classic one. */
export function bleHeaterFamily(name: string | undefined): BleHeaterFamily | null {
  if (!name) return null;
  if (name.startsWith(BLE_ESP_NAME_PREFIX)) return 'esp';
  if (name.startsWith(BLE_CLASSIC_NAME_PREFIX)) return 'classic';
  return null;
}

/** Spec 2 §4: the Espressif path takes an encrypted password of at most 15 characters. */
export function espPasswordFits(encryptedPass: string): boolean {
  return encryptedPass.length <= BLUETOOTH_PASSWORD_LIMIT;
}

export type BleKnownError =
  'connectionFailed' | 'alreadyBonding' | 'previouslyConnected' | 'notDisconnected';

/** What each known error retries (spec 2 §4: bond, reconnect or connect). */
export const BLE_ERROR_RETRY: Record<BleKnownError, 'bond' | 'reconnect' | 'connect'> = {
  alreadyBonding: 'bond',
  connectionFailed: 'reconnect',
  notDisconnected: 'reconnect',
  previouslyConnected: 'connect',
};

/**
 * Spec 2 §4 names four known Bluetooth errors; the Capacitor plugin words them its own way
 * ("Failed to connect.", "Connection timeout.", "Creating bond failed.", "Not connected to
 * device."). Anything else is unknown and makes the flow fall back to the access point.
 */
export function classifyBleError(message: string): BleKnownError | null {
  const m = message.toLowerCase();
  if (/already bonding|creating bond failed|bonding timeout/.test(m)) return 'alreadyBonding';
  if (/previously connected|already connected/.test(m)) return 'previouslyConnected';
  if (/not disconnected/.test(m)) return 'notDisconnected';
  if (/connection failed|failed to connect|connection timeout|not connected to device/.test(m))
    return 'connectionFailed';
  return null;
}

/** A 16-bit Bluetooth UUID in the 128-bit form the plugin wants (lower case). */
export function bleUuid(short: number): string {
  return `0000${short.toString(16).padStart(4, '0')}-0000-1000-8000-00805f9b34fb`;
}

/** A JSON command of the classic Bluetooth path, as the heater's HTTP API would take it. */
export interface BleCommand {
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
}

export interface BleAnswer {
  status: number;
  body?: Record<string, unknown>;
}

/** Device id in an answer: `body.devid` (spec 2 §7), or `dev_id` as the access point says it. */
export function devIdOf(body: Record<string, unknown> | undefined): string | null {
  const id = body?.devid ?? body?.dev_id;
  return typeof id === 'string' && id !== '' ? id : null;
}
