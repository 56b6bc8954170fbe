import { describe, expect, test } from 'vitest';
import { ble } from './ble';
import { wifi } from './wifi';
import { PlatformUnavailableError } from './wifi-types';

describe('wifi and Bluetooth on the web', () => {
  test('say they are not available', async () => {
    expect(wifi.available).toBe(false);
    expect(ble.available).toBe(false);
    expect(await wifi.capabilities()).toEqual({ scan: false, espTouch: false, qr: false });
    await expect(wifi.joinAccessPoint({ prefix: 'Heater', port: 8080 })).rejects.toBeInstanceOf(
      PlatformUnavailableError,
    );
    await expect(ble.central.initialize()).rejects.toThrow('only available in the native app');
  });
});
