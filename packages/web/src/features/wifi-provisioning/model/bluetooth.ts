import {
  ACCESS_POINT_PREFIX,
  BLE_CHARACTERISTIC_UUID16,
  BLE_ERROR_RETRY,
  BLUETOOTH_PAIRING_CODE,
  BLE_KNOWN_ERROR_RETRIES,
  BLUETOOTH_PACKET_SIZE,
  BLE_RETRY_PAUSE_MS,
  BLE_SERVICE_UUID16,
  HEATER_INFO_PATH,
  HEATER_WIFI_NETWORK_PATH,
  bleHeaterFamily,
  bleUuid,
  classifyBleError,
  devIdOf,
  espPasswordFits,
  type BleAnswer,
  type BleCommand,
  type BleHeaterFamily,
  type BleKnownError,
} from '@hearth/protocol';
import type { BlePlatform } from '../../../lib/platform';
import { AbortedError, type Sleep } from './abortable';
import { commandPackets, parseAnswer } from './ble-commands';

const SERVICE = bleUuid(BLE_SERVICE_UUID16);
const CHARACTERISTIC = bleUuid(BLE_CHARACTERISTIC_UUID16);
/** ATT header bytes: the largest write is the MTU less three. */
const ATT_HEADER = 3;

export interface BluetoothDeps {
  ble: Pick<BlePlatform, 'central' | 'os' | 'espProvision'>;
  signal: AbortSignal;
  sleep: Sleep;
  essid: string;
  encryptedPass: string;
  onDeviceFound?: (devId: string) => void;
}

export class EspPasswordTooLongError extends Error {
  constructor() {
    super('the encrypted password is too long for this heater');
    this.name = 'EspPasswordTooLongError';
  }
}

interface FoundHeater {
  deviceId: string;
  name: string;
  family: BleHeaterFamily;
}

/** Scans until the first heater of either family shows up, then stops the scan. */
function findHeater(deps: BluetoothDeps): Promise<FoundHeater> {
  const { central } = deps.ble;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      deps.signal.removeEventListener('abort', onAbort);
      central.stopLEScan().then(fn, fn);
    };
    const onAbort = () => finish(() => reject(new AbortedError()));
    deps.signal.addEventListener('abort', onAbort, { once: true });
    central
      .requestLEScan({ namePrefix: ACCESS_POINT_PREFIX }, (result) => {
        const name = result.localName ?? result.device.name;
        const family = bleHeaterFamily(name);
        if (name && family)
          finish(() => resolve({ deviceId: result.device.deviceId, name, family }));
      })
      .catch((err: unknown) => finish(() => reject(err)));
  });
}

async function ready(deps: BluetoothDeps): Promise<void> {
  const { central, os } = deps.ble;
  // Asks for the scan and connect permissions on Android 12+, Bluetooth's on iOS.
  await central.initialize({ androidNeverForLocation: true });
  if (await central.isEnabled()) return;
  if (os === 'android') await central.requestEnable();
  if (!(await central.isEnabled())) throw new Error('Bluetooth is off');
}

async function command(
  deps: BluetoothDeps,
  deviceId: string,
  packet: number,
  cmd: BleCommand,
): Promise<BleAnswer> {
  const { central } = deps.ble;
  for (const part of commandPackets(cmd, packet))
    await central.write(deviceId, SERVICE, CHARACTERISTIC, part);
  return parseAnswer(await central.read(deviceId, SERVICE, CHARACTERISTIC));
}

/** The plugin's calls cannot be cancelled: a run that timed out stops at the next step. */
function stillWanted(deps: BluetoothDeps): void {
  if (deps.signal.aborted) throw new AbortedError();
}

/** After connecting: packet size, discovery, info, device id, the network, close. */
async function classicSession(deps: BluetoothDeps, deviceId: string): Promise<string> {
  const { central, os } = deps.ble;
  stillWanted(deps);
  const mtu = await central.getMtu(deviceId);
  // Android: the plugin negotiates the largest MTU on connect; packets stay within 500 bytes.
  const packet =
    os === 'android' ? Math.min(BLUETOOTH_PACKET_SIZE, mtu - ATT_HEADER) : mtu - ATT_HEADER;
  await central.discoverServices(deviceId);
  const services = await central.getServices(deviceId);
  const service = services.find((s) => s.uuid === SERVICE);
  if (!service?.characteristics.some((c) => c.uuid === CHARACTERISTIC))
    throw new Error('this heater has no provisioning service');
  stillWanted(deps);
  const info = await command(deps, deviceId, packet, { method: 'GET', path: HEATER_INFO_PATH });
  const devId = info.status < 300 ? devIdOf(info.body) : null;
  if (!devId) throw new Error('the heater did not say its device id');
  stillWanted(deps);
  deps.onDeviceFound?.(devId);
  const answer = await command(deps, deviceId, packet, {
    method: 'POST',
    path: HEATER_WIFI_NETWORK_PATH,
    body: { essid: deps.essid, pass: deps.encryptedPass },
  });
  if (answer.status >= 300) throw new Error(`the heater refused the network (${answer.status})`);
  await central.disconnect(deviceId);
  return devId;
}

async function quietDisconnect(deps: BluetoothDeps, deviceId: string): Promise<void> {
  await deps.ble.central.disconnect(deviceId).catch((err: unknown) => {
    if (!(err instanceof Error)) throw err;
  });
}

/**
 * Spec 2 §4 classic path (`Heater-…`): bond, connect, packet size, discover, info, device id,
 * network, close. The four known errors retry a bond, a reconnect or a connect (each at most
 * BLE_KNOWN_ERROR_RETRIES times); any other error is thrown, and the flow falls back.
 */
async function classic(deps: BluetoothDeps, deviceId: string): Promise<string> {
  const { central, os } = deps.ble;
  const tries: Record<BleKnownError, number> = {
    connectionFailed: 0,
    alreadyBonding: 0,
    previouslyConnected: 0,
    notDisconnected: 0,
  };
  let bond = os === 'android';
  for (;;) {
    try {
      if (bond) await central.createBond(deviceId);
      await central.connect(deviceId);
      return await classicSession(deps, deviceId);
    } catch (err) {
      if (deps.signal.aborted) {
        await quietDisconnect(deps, deviceId);
        throw new AbortedError();
      }
      const kind = err instanceof Error ? classifyBleError(err.message) : null;
      if (kind === null || ++tries[kind] > BLE_KNOWN_ERROR_RETRIES) {
        await quietDisconnect(deps, deviceId);
        throw err;
      }
      const retry = BLE_ERROR_RETRY[kind];
      bond = retry === 'bond' && os === 'android';
      if (retry === 'reconnect') await quietDisconnect(deps, deviceId);
      if (retry === 'bond') await deps.sleep(BLE_RETRY_PAUSE_MS, deps.signal);
    }
  }
}

/**
 * Spec 2 §4 "Bluetooth": initialise (permissions), check enabled, scan; `Heater_…` heaters go
 * the Espressif way (pairing code, encrypted password at most 15 characters), `Heater-…` the
 * classic way. Answers the device id the heater said (null if the Espressif plugin had none).
 */
export async function provisionByBluetooth(deps: BluetoothDeps): Promise<string | null> {
  await ready(deps);
  const heater = await findHeater(deps);
  if (heater.family === 'classic') return classic(deps, heater.deviceId);
  if (!espPasswordFits(deps.encryptedPass)) throw new EspPasswordTooLongError();
  const got = await deps.ble.espProvision({
    deviceName: heater.name,
    pop: BLUETOOTH_PAIRING_CODE,
    ssid: deps.essid,
    passphrase: deps.encryptedPass,
  });
  if (got.devId) deps.onDeviceFound?.(got.devId);
  return got.devId;
}
