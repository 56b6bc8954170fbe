import { describe, expect, test } from 'vitest';
import { deviceConnected, homeAway, homeConnected, type HomeDevice } from './home-devices';
import type { DeviceState } from './device-state';

const state = (patch: Partial<DeviceState> = {}): DeviceState => ({
  ready: true,
  nodes: [],
  ...patch,
});

function device(connected: boolean, wifiHeater = false, live = state()): HomeDevice {
  return {
    dev: {
      dev_id: 'd',
      name: 'D',
      product_id: wifiHeater ? '021D' : '0105',
      fw_version: '1',
      serial_id: '1',
    },
    live,
    socket: 'connected',
    nodes: [],
    connected,
    wifiHeater,
    loaded: true,
  };
}

describe('home and device state (spec 3 §4)', () => {
  test('a device is connected unless it reports otherwise; its socket being down is not the gateway', () => {
    expect(deviceConnected(state({ connected: true }))).toBe(true);
    expect(deviceConnected(undefined)).toBe(true);
    expect(deviceConnected(state({ connected: false }))).toBe(false);
  });

  test('a home is connected if any device is connected or is a wifi heater', () => {
    expect(homeConnected([device(false), device(true)])).toBe(true);
    expect(homeConnected([device(false), device(false, true)])).toBe(true);
    expect(homeConnected([device(false), device(false)])).toBe(false);
    expect(homeConnected([])).toBe(false);
  });

  test('a home is away if any device reports away', () => {
    const away = state({ away_status: { enabled: true, away: true, forced: false } });
    const home = state({ away_status: { enabled: true, away: false, forced: false } });
    expect(homeAway([device(true, false, home), device(true, false, away)])).toBe(true);
    expect(homeAway([device(true, false, home), device(true, false, state())])).toBe(false);
  });
});
