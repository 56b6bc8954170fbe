import { BLE_CHARACTERISTIC_UUID16, BLE_SERVICE_UUID16, bleUuid } from '@hearth/protocol';
import type { BleCentral, BleScanResult } from '../../../lib/platform';

/**
 * A test double of @capacitor-community/bluetooth-le's BleClient, following what the plugin
 * documents and what its Android and iOS code do: calls before `initialize` reject with
 * "Bluetooth LE not initialized.", a device must have been seen by a scan before `connect`,
 * `connect` on a connected device resolves, GATT calls on a disconnected device reject with
 * "Not connected to device.", unknown services and characteristics reject, writes longer than
 * the MTU less three bytes fail, `createBond` exists only on Android, the scan callback runs
 * for every advertisement until `stopLEScan`. Behind it, heaters that speak the classic
 * JSON commands over service DE45 / characteristic FF33.
 */
export interface FakeHeater {
  deviceId: string;
  name: string;
  rssi?: number;
  devId: string;
  /** Largest MTU the heater accepts (the phone asks for 512 on Android). */
  mtu?: number;
  /** Networks written to it. */
  networks: Array<{ essid: string; pass: string }>;
  /** Errors the next calls of one kind reject with, in order (the plugin's messages). */
  failures: Partial<Record<'connect' | 'createBond' | 'write' | 'read' | 'getMtu', string[]>>;
  /** connect() takes this long (fake time) before it answers. */
  connectDelayMs?: number;
  /** An answer status for the network command other than 200. */
  refuseNetwork?: number;
  /** Services offered (default: the provisioning service). */
  services?: Array<{ uuid: string; characteristics: Array<{ uuid: string }> }>;
}

export function fakeHeater(partial: Partial<FakeHeater> & { name: string }): FakeHeater {
  return {
    deviceId: partial.deviceId ?? `AA:BB:CC:${partial.name.slice(-4)}`,
    devId: '5100aaaaaaaaaaaa01',
    networks: [],
    failures: {},
    ...partial,
  };
}

const SERVICE = bleUuid(BLE_SERVICE_UUID16);
const CHARACTERISTIC = bleUuid(BLE_CHARACTERISTIC_UUID16);

export interface FakeBleOptions {
  os: 'android' | 'ios';
  heaters: FakeHeater[];
  enabled?: boolean;
  /** What the user answers to Android's "turn Bluetooth on" dialog. */
  acceptsEnable?: boolean;
  /** initialize() rejects with this (e.g. "BLE permission denied"). */
  initializeError?: string;
  /** Advertisements arrive after this many ms of fake time (default 100). */
  advertiseAfterMs?: number;
}

export interface FakeBle extends BleCentral {
  calls: string[];
  connected: Set<string>;
  bonded: Set<string>;
  scanning: boolean;
}

export function createFakeBle(options: FakeBleOptions): FakeBle {
  let initialized = false;
  let enabled = options.enabled ?? true;
  const seen = new Set<string>();
  const connected = new Set<string>();
  const bonded = new Set<string>();
  const buffers = new Map<string, string>();
  const answers = new Map<string, string>();
  const mtus = new Map<string, number>();
  const disconnectCallbacks = new Map<string, (id: string) => void>();
  const timers: Array<ReturnType<typeof setTimeout>> = [];
  const calls: string[] = [];

  const fail = (message: string) => Promise.reject(new Error(message));
  const heater = (id: string) => options.heaters.find((h) => h.deviceId === id);
  const scripted = (h: FakeHeater, kind: keyof FakeHeater['failures']) => h.failures[kind]?.shift();
  const guard = (name: string): string | null => {
    calls.push(name);
    return initialized ? null : 'Bluetooth LE not initialized.';
  };
  const needConnection = (name: string, id: string): string | null => {
    const bad = guard(name);
    if (bad) return bad;
    if (!heater(id) || !seen.has(id))
      return "Device not found. Call 'requestDevice', 'requestLEScan' or 'getDevices' first.";
    return connected.has(id) ? null : 'Not connected to device.';
  };
  const checkAttribute = (h: FakeHeater, service: string, characteristic: string) => {
    const s = (h.services ?? defaultServices).find((x) => x.uuid === service);
    if (!s) return 'Service not found.';
    return s.characteristics.some((c) => c.uuid === characteristic)
      ? null
      : 'Characteristic not found.';
  };

  function handle(h: FakeHeater, text: string): string {
    const cmd = JSON.parse(text) as {
      method: string;
      path: string;
      body?: Record<string, unknown>;
    };
    if (cmd.method === 'GET' && cmd.path === '/info')
      return JSON.stringify({ status: 200, body: { devid: h.devId, name: h.name } });
    if (cmd.method === 'POST' && cmd.path === '/mgr/wifi/network') {
      if (h.refuseNetwork) return JSON.stringify({ status: h.refuseNetwork, body: {} });
      h.networks.push({ essid: String(cmd.body?.essid), pass: String(cmd.body?.pass) });
      return JSON.stringify({ status: 200, body: {} });
    }
    return JSON.stringify({ status: 404, body: {} });
  }

  const fake: FakeBle = {
    calls,
    connected,
    bonded,
    scanning: false,
    async initialize() {
      calls.push('initialize');
      if (options.initializeError) return fail(options.initializeError);
      initialized = true;
    },
    async isEnabled() {
      const bad = guard('isEnabled');
      return bad ? fail(bad) : enabled;
    },
    async requestEnable() {
      const bad = guard('requestEnable');
      if (bad) return fail(bad);
      if (options.os !== 'android') return fail('requestEnable is not available on iOS.');
      if (!options.acceptsEnable) return fail('requestEnable failed.');
      enabled = true;
    },
    async requestLEScan(scan: { namePrefix?: string }, callback: (result: BleScanResult) => void) {
      const bad = guard('requestLEScan');
      if (bad) return fail(bad);
      if (!enabled) return fail('Failed to start scan.');
      fake.scanning = true;
      for (const h of options.heaters) {
        if (scan.namePrefix && !h.name.startsWith(scan.namePrefix)) continue;
        timers.push(
          setTimeout(() => {
            if (!fake.scanning) return;
            seen.add(h.deviceId);
            callback({
              device: { deviceId: h.deviceId, name: h.name },
              localName: h.name,
              rssi: h.rssi ?? -60,
            });
          }, options.advertiseAfterMs ?? 100),
        );
      }
    },
    async stopLEScan() {
      const bad = guard('stopLEScan');
      if (bad) return fail(bad);
      fake.scanning = false;
    },
    async connect(id, onDisconnect) {
      const bad = guard(`connect`);
      if (bad) return fail(bad);
      const h = heater(id);
      if (!h || !seen.has(id))
        return fail(
          "Device not found. Call 'requestDevice', 'requestLEScan' or 'getDevices' first.",
        );
      if (connected.has(id)) return;
      const error = scripted(h, 'connect');
      if (error) return fail(error);
      if (h.connectDelayMs) await new Promise((r) => setTimeout(r, h.connectDelayMs));
      connected.add(id);
      if (onDisconnect) disconnectCallbacks.set(id, onDisconnect);
      // Android asks for a 512-byte MTU after discovery; iOS negotiates 185 by itself.
      mtus.set(id, Math.min(options.os === 'android' ? 512 : 185, h.mtu ?? 512));
    },
    async createBond(id) {
      const bad = guard('createBond');
      if (bad) return fail(bad);
      if (options.os !== 'android') return fail('createBond is not available on iOS.');
      const h = heater(id);
      if (!h || !seen.has(id)) return fail('Device not found.');
      if (bonded.has(id)) return;
      const error = scripted(h, 'createBond');
      if (error) return fail(error);
      bonded.add(id);
    },
    async disconnect(id) {
      const bad = guard('disconnect');
      if (bad) return fail(bad);
      if (!connected.delete(id)) return;
      buffers.delete(id);
      disconnectCallbacks.get(id)?.(id);
    },
    async discoverServices(id) {
      const bad = needConnection('discoverServices', id);
      if (bad) return fail(bad);
    },
    async getServices(id) {
      const bad = needConnection('getServices', id);
      if (bad) return fail(bad);
      return heater(id)?.services ?? defaultServices;
    },
    async getMtu(id) {
      const bad = needConnection('getMtu', id);
      if (bad) return fail(bad);
      const error = scripted(heater(id) as FakeHeater, 'getMtu');
      return error ? fail(error) : (mtus.get(id) ?? 23);
    },
    async read(id, service, characteristic) {
      const bad = needConnection('read', id);
      if (bad) return fail(bad);
      const h = heater(id) as FakeHeater;
      const missing = checkAttribute(h, service, characteristic);
      if (missing) return fail(missing);
      const error = scripted(h, 'read');
      if (error) return fail(error);
      const bytes = new TextEncoder().encode(answers.get(id) ?? '');
      return new DataView(bytes.buffer);
    },
    async write(id, service, characteristic, value) {
      const bad = needConnection('write', id);
      if (bad) return fail(bad);
      const h = heater(id) as FakeHeater;
      const missing = checkAttribute(h, service, characteristic);
      if (missing) return fail(missing);
      if (!(value instanceof DataView)) return fail('Invalid data.');
      if (value.byteLength > (mtus.get(id) ?? 23) - 3)
        return fail('Writing characteristic failed.');
      const error = scripted(h, 'write');
      if (error) return fail(error);
      const text =
        (buffers.get(id) ?? '') +
        new TextDecoder().decode(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      const end = text.indexOf('\n');
      if (end < 0) buffers.set(id, text);
      else {
        buffers.delete(id);
        answers.set(id, handle(h, text.slice(0, end)));
      }
    },
  };
  return fake;
}

const defaultServices = [{ uuid: SERVICE, characteristics: [{ uuid: CHARACTERISTIC }] }];
