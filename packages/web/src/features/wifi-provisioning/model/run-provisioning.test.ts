import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  BLUETOOTH_TIMEOUT_MS,
  ESPTOUCH_TIMEOUT_MS,
  HUB_DISCOVERY_TIMEOUT_MS,
} from '@hearth/protocol';
import type { BlePlatform, WifiPlatform } from '../../../lib/platform';
import { sleep } from './abortable';
import { createFakeBle, fakeHeater } from './fake-bluetooth-le';
import type { HubDiscovery } from './hub-discovery';
import { runProvisioning, type RunDeps, type RunOutcome } from './run-provisioning';

function hubThat(confirm: (devId: string) => Promise<string>) {
  const log: string[] = [];
  const hub: HubDiscovery = {
    confirmed: (devId, mine) => {
      log.push(`confirm ${devId}${mine ? ' (mine)' : ''}`);
      return confirm(devId);
    },
  };
  return { hub, log };
}

const never = () => new Promise<string>(() => undefined);

function deps(extra: Partial<RunDeps>): RunDeps {
  const wifi = { espTouch: vi.fn(never) } as unknown as WifiPlatform;
  const ble: BlePlatform = {
    available: true,
    os: 'android',
    central: createFakeBle({ os: 'android', heaters: [] }),
    espProvision: vi.fn(),
  };
  return {
    method: 'bt',
    essid: 'HomeNet',
    password: 'pw',
    knownDevId: null,
    wifi,
    ble,
    encrypt: async () => 'ENCRYPTED',
    hub: () => hubThat(never).hub,
    fetch: globalThis.fetch,
    sleep,
    onDeviceFound: vi.fn(),
    onNetworkSent: vi.fn(),
    ...extra,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function outcomeAfter(ms: number, run: Promise<RunOutcome>) {
  let result: RunOutcome | undefined;
  void run.then((r) => (result = r));
  await vi.advanceTimersByTimeAsync(ms - 1);
  const early = result;
  await vi.advanceTimersByTimeAsync(1);
  return { early, result };
}

describe('runProvisioning timeouts and outcomes', () => {
  test('Bluetooth finding no heater gives up at 60 s', async () => {
    const { early, result } = await outcomeAfter(
      BLUETOOTH_TIMEOUT_MS,
      runProvisioning(deps({ method: 'bt' }), new AbortController().signal),
    );
    expect(early).toBeUndefined();
    expect(result?.kind).toBe('methodFailed');
  });

  test('espTouch without an answer gives up at 60 s', async () => {
    const d = deps({ method: 'espTouch' });
    const { early, result } = await outcomeAfter(
      ESPTOUCH_TIMEOUT_MS,
      runProvisioning(d, new AbortController().signal),
    );
    expect(early).toBeUndefined();
    expect(result?.kind).toBe('methodFailed');
    expect(d.wifi.espTouch).toHaveBeenCalledWith({
      ssid: 'HomeNet',
      password: 'ENCRYPTED',
      timeoutMs: ESPTOUCH_TIMEOUT_MS,
    });
  });

  test('a Bluetooth error falls back at once', async () => {
    const d = deps({ method: 'bt' });
    d.ble = {
      ...d.ble,
      central: createFakeBle({ os: 'ios', heaters: [], initializeError: 'BLE unsupported' }),
    };
    const { result } = await outcomeAfter(1, runProvisioning(d, new AbortController().signal));
    expect(result).toMatchObject({ kind: 'methodFailed', error: new Error('BLE unsupported') });
  });

  test('no device id from the heater nor a known one fails the method', async () => {
    const d = deps({ method: 'espTouch' });
    d.wifi = { espTouch: async () => ({ devId: null }) } as unknown as WifiPlatform;
    const { result } = await outcomeAfter(1, runProvisioning(d, new AbortController().signal));
    expect(result).toMatchObject({
      kind: 'methodFailed',
      error: new Error('the heater did not say its device id'),
    });
  });

  test('the server failing to encrypt fails the method', async () => {
    const d = deps({ method: 'accessPoint', encrypt: () => Promise.reject(new Error('offline')) });
    const { result } = await outcomeAfter(1, runProvisioning(d, new AbortController().signal));
    expect(result?.kind).toBe('methodFailed');
  });

  test('Bluetooth success: the hub discovery confirms the device id the heater said', async () => {
    const heater = fakeHeater({ name: 'Heater-00ff', devId: '5100bbbbbbbbbbbb02' });
    const { hub, log } = hubThat(async (id) => id);
    const d = deps({ method: 'bt', hub: () => hub });
    d.ble = { ...d.ble, central: createFakeBle({ os: 'android', heaters: [heater] }) };
    const { result } = await outcomeAfter(1_000, runProvisioning(d, new AbortController().signal));
    expect(result).toEqual({ kind: 'confirmed', devId: '5100bbbbbbbbbbbb02' });
    expect(log).toEqual(['confirm 5100bbbbbbbbbbbb02']);
    expect(d.onDeviceFound).toHaveBeenCalledWith('5100bbbbbbbbbbbb02');
    expect(d.onNetworkSent).toHaveBeenCalledOnce();
  });

  test('a heater that never reaches the server is a hub timeout', async () => {
    const heater = fakeHeater({ name: 'Heater-00fe' });
    const d = deps({
      method: 'bt',
      hub: () =>
        hubThat(() => sleep(HUB_DISCOVERY_TIMEOUT_MS).then(() => Promise.reject(new Error('t'))))
          .hub,
    });
    d.ble = { ...d.ble, central: createFakeBle({ os: 'android', heaters: [heater] }) };
    const { result } = await outcomeAfter(
      HUB_DISCOVERY_TIMEOUT_MS + 1_000,
      runProvisioning(d, new AbortController().signal),
    );
    expect(result).toEqual({ kind: 'hubTimedOut' });
  });

  test('a known heater (wifi configuration) is confirmed by its id', async () => {
    const { hub, log } = hubThat(async (id) => id);
    const d = deps({ method: 'espTouch', knownDevId: '5100cccccccccccc03', hub: () => hub });
    d.wifi = { espTouch: async () => ({ devId: null }) } as unknown as WifiPlatform;
    const { result } = await outcomeAfter(1, runProvisioning(d, new AbortController().signal));
    expect(result).toEqual({ kind: 'confirmed', devId: '5100cccccccccccc03' });
    expect(log).toEqual(['confirm 5100cccccccccccc03 (mine)']);
  });
});
