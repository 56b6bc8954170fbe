import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { BLE_KNOWN_ERROR_RETRIES } from '@hearth/protocol';
import { sleep } from './abortable';
import { EspPasswordTooLongError, provisionByBluetooth, type BluetoothDeps } from './bluetooth';
import { createFakeBle, fakeHeater, type FakeBleOptions } from './fake-bluetooth-le';

const ENCRYPTED = 'qO2kzPzGm8l4c2VjcmV0LXBhc3O0Lh2a0lsvpTGuHgk=';

function setup(options: FakeBleOptions, extra: Partial<BluetoothDeps> = {}) {
  const central = createFakeBle(options);
  const espProvision = vi.fn(async () => ({ devId: '5100aaaaaaaaaaaa09' }));
  const found: string[] = [];
  const deps: BluetoothDeps = {
    ble: { central, os: options.os, espProvision },
    signal: new AbortController().signal,
    sleep,
    essid: 'HomeNet',
    encryptedPass: ENCRYPTED,
    onDeviceFound: (id) => found.push(id),
    ...extra,
  };
  return { central, deps, espProvision, found };
}

/** Runs with fake timers, advancing them until the promise settles. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  let done = false;
  const watched = promise.finally(() => {
    done = true;
  });
  watched.catch(() => undefined);
  while (!done) await vi.advanceTimersByTimeAsync(100);
  return watched;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('classic path (Heater-…)', () => {
  test('Android: bond, connect, packet size, discover, info, network, close', async () => {
    const heater = fakeHeater({ name: 'Heater-1a2b', devId: '5100aaaaaaaaaaaa01' });
    const { central, deps, found } = setup({ os: 'android', heaters: [heater] });
    expect(await settle(provisionByBluetooth(deps))).toBe('5100aaaaaaaaaaaa01');
    expect(heater.networks).toEqual([{ essid: 'HomeNet', pass: ENCRYPTED }]);
    expect(found).toEqual(['5100aaaaaaaaaaaa01']);
    expect(central.bonded.has(heater.deviceId)).toBe(true);
    expect(central.connected.size).toBe(0);
    expect(central.scanning).toBe(false);
    const order = central.calls.filter((c) => !['write', 'read'].includes(c));
    expect(order).toEqual([
      'initialize',
      'isEnabled',
      'requestLEScan',
      'stopLEScan',
      'createBond',
      'connect',
      'getMtu',
      'discoverServices',
      'getServices',
      'disconnect',
    ]);
  });

  test('a small MTU cuts the commands into several packets', async () => {
    const heater = fakeHeater({ name: 'Heater-0001', mtu: 23 });
    const { central, deps } = setup({ os: 'android', heaters: [heater] });
    await settle(provisionByBluetooth(deps));
    expect(heater.networks).toHaveLength(1);
    expect(central.calls.filter((c) => c === 'write').length).toBeGreaterThan(4);
  });

  test('iOS bonds by itself: no createBond', async () => {
    const heater = fakeHeater({ name: 'Heater-0002' });
    const { central, deps } = setup({ os: 'ios', heaters: [heater] });
    await settle(provisionByBluetooth(deps));
    expect(central.calls).not.toContain('createBond');
    expect(heater.networks).toHaveLength(1);
  });

  test('known errors retry: connection failed reconnects, already bonding bonds again', async () => {
    const heater = fakeHeater({
      name: 'Heater-0003',
      failures: {
        createBond: ['Creating bond failed.'],
        connect: ['Failed to connect.', 'Connection timeout.'],
        write: ['Not connected to device.'],
      },
    });
    const { central, deps } = setup({ os: 'android', heaters: [heater] });
    await settle(provisionByBluetooth(deps));
    expect(heater.networks).toHaveLength(1);
    expect(central.calls.filter((c) => c === 'createBond')).toHaveLength(2);
    expect(central.calls.filter((c) => c === 'connect')).toHaveLength(4);
  });

  test('a known error past its retries is thrown', async () => {
    const heater = fakeHeater({
      name: 'Heater-0004',
      failures: { connect: Array(BLE_KNOWN_ERROR_RETRIES + 1).fill('Failed to connect.') },
    });
    const { deps } = setup({ os: 'ios', heaters: [heater] });
    await expect(settle(provisionByBluetooth(deps))).rejects.toThrow('Failed to connect.');
    expect(heater.networks).toHaveLength(0);
  });

  test('any other error is thrown at once (the flow falls back)', async () => {
    const heater = fakeHeater({
      name: 'Heater-0005',
      failures: { read: ['Reading characteristic failed.'] },
    });
    const { central, deps } = setup({ os: 'android', heaters: [heater] });
    await expect(settle(provisionByBluetooth(deps))).rejects.toThrow(
      'Reading characteristic failed.',
    );
    expect(central.connected.size).toBe(0);
  });

  test('a heater without the provisioning service, or refusing the network, fails', async () => {
    const bare = fakeHeater({ name: 'Heater-0006', services: [] });
    await expect(
      settle(provisionByBluetooth(setup({ os: 'ios', heaters: [bare] }).deps)),
    ).rejects.toThrow('no provisioning service');
    const refusing = fakeHeater({ name: 'Heater-0007', refuseNetwork: 400 });
    await expect(
      settle(provisionByBluetooth(setup({ os: 'ios', heaters: [refusing] }).deps)),
    ).rejects.toThrow('refused the network (400)');
  });
});

describe('Espressif path (Heater_…)', () => {
  test('an encrypted password over 15 characters is an error', async () => {
    const { deps, espProvision } = setup({
      os: 'android',
      heaters: [fakeHeater({ name: 'Heater_9f00' })],
    });
    await expect(settle(provisionByBluetooth(deps))).rejects.toBeInstanceOf(
      EspPasswordTooLongError,
    );
    expect(espProvision).not.toHaveBeenCalled();
  });

  test('a short one goes to the Espressif provisioning with the pairing code; the plugin says the id', async () => {
    const { deps, espProvision } = setup(
      { os: 'android', heaters: [fakeHeater({ name: 'Heater_9f01' })] },
      { encryptedPass: 'short' },
    );
    expect(await settle(provisionByBluetooth(deps))).toBe('5100aaaaaaaaaaaa09');
    expect(espProvision).toHaveBeenCalledWith({
      deviceName: 'Heater_9f01',
      pop: '{secret}',
      ssid: 'HomeNet',
      passphrase: 'short',
    });
  });
});

describe('getting ready', () => {
  test('Android asks to turn Bluetooth on', async () => {
    const heater = fakeHeater({ name: 'Heater-0008' });
    const { central, deps } = setup({
      os: 'android',
      heaters: [heater],
      enabled: false,
      acceptsEnable: true,
    });
    await settle(provisionByBluetooth(deps));
    expect(central.calls).toContain('requestEnable');
    expect(heater.networks).toHaveLength(1);
  });

  test('Bluetooth off on iOS, or permission denied, fails', async () => {
    const off = setup({ os: 'ios', heaters: [], enabled: false });
    await expect(settle(provisionByBluetooth(off.deps))).rejects.toThrow('Bluetooth is off');
    const denied = setup({ os: 'android', heaters: [], initializeError: 'BLE permission denied' });
    await expect(settle(provisionByBluetooth(denied.deps))).rejects.toThrow(
      'BLE permission denied',
    );
  });

  test('a run stopped while connecting writes nothing and lets the heater go', async () => {
    const controller = new AbortController();
    const heater = fakeHeater({ name: 'Heater-0009', connectDelayMs: 5_000 });
    const { central, deps } = setup(
      { os: 'ios', heaters: [heater] },
      { signal: controller.signal },
    );
    const running = provisionByBluetooth(deps);
    running.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(running).rejects.toThrow('aborted');
    expect(central.calls).not.toContain('write');
    expect(central.connected.size).toBe(0);
    expect(heater.networks).toHaveLength(0);
  });

  test('other devices are ignored; cancelling stops the scan', async () => {
    const controller = new AbortController();
    const { central, deps } = setup(
      { os: 'android', heaters: [fakeHeater({ name: 'HeaterPump' })] },
      { signal: controller.signal },
    );
    const running = provisionByBluetooth(deps);
    running.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(central.scanning).toBe(true);
    controller.abort();
    await expect(running).rejects.toThrow('aborted');
    expect(central.scanning).toBe(false);
  });
});
