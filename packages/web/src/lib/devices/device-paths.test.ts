import { describe, expect, test } from 'vitest';
import { DEVICE_PATHS, NODE_PARTS, parseDevicePath, type DevicePathKind } from '@hearth/protocol';
import { DEVICES_URL, deviceObjectUrl, deviceUrl, nodeUrl } from './device-paths';

const ODD_ID = 'a/b?c#d';
const ODD_BASE = '/api/v2/devs/a%2Fb%3Fc%23d';

describe('device paths (docs/wire-contract.md §5)', () => {
  test('a device and its own resources, with the id URI-encoded', () => {
    expect(DEVICES_URL).toBe('/api/v2/devs');
    expect(deviceUrl('0123abcd')).toBe('/api/v2/devs/0123abcd');
    expect(deviceUrl(ODD_ID)).toBe(ODD_BASE);
    expect(deviceUrl(ODD_ID, 'dev_data')).toBe(`${ODD_BASE}/dev_data`);
    expect(deviceUrl('d1', 'name')).toBe('/api/v2/devs/d1/name');
    expect(deviceUrl('d1', 'group')).toBe('/api/v2/devs/d1/group');
  });

  test('every device object an update carries is read and written at the same path', () => {
    for (const kind of Object.keys(DEVICE_PATHS) as DevicePathKind[]) {
      const url = deviceObjectUrl(ODD_ID, kind);
      expect(url.startsWith(`${ODD_BASE}/`)).toBe(true);
      expect(parseDevicePath(url.slice(ODD_BASE.length))).toEqual({ kind });
    }
    expect(deviceObjectUrl('d1', 'away_status')).toBe('/api/v2/devs/d1/mgr/away_status');
    expect(deviceObjectUrl('d1', 'htr_power_limit')).toBe('/api/v2/devs/d1/htr_system/power_limit');
    expect(deviceObjectUrl('d1', 'rtc_time')).toBe('/api/v2/devs/d1/mgr/rtc/time');
  });

  test('a node, each part of it an update carries, and its samples', () => {
    const node = { devId: ODD_ID, type: 'htr', addr: 2 } as const;
    expect(nodeUrl(node)).toBe(`${ODD_BASE}/htr/2/`);
    for (const part of NODE_PARTS) {
      const url = nodeUrl(node, part);
      expect(parseDevicePath(url.slice(ODD_BASE.length))).toEqual({
        kind: part,
        type: 'htr',
        addr: 2,
      });
    }
    expect(nodeUrl({ devId: 'd1', type: 'pmo', addr: 3 }, 'power')).toBe(
      '/api/v2/devs/d1/pmo/3/power',
    );
    expect(nodeUrl(node, 'samples')).toBe(`${ODD_BASE}/htr/2/samples`);
  });
});
