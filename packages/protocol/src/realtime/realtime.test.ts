import { describe, expect, it } from 'vitest';
import { NODE_TYPES } from '../node-types';
import {
  buildDevicePath,
  DEVICE_PATHS,
  devicePathOf,
  NODE_PARTS,
  parseDevicePath,
  PATH_KINDS,
  readDevicePath,
  readDeviceUpdate,
  type DevicePathKind,
  type NodePart,
} from './index';

const DEVICE_KINDS = Object.keys(DEVICE_PATHS) as DevicePathKind[];
const PROG = Object.fromEntries(
  ['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, Array(24).fill(1)]),
);

/** A body each kind's update carries on the wire. */
const GOOD_BODY: Record<DevicePathKind | NodePart, unknown> = {
  connected: { connected: true },
  geo_data: { country: 'ES', tz_code: 'Europe/Madrid' },
  pmo_system: { main_circuit_pmos: [1], max_power_config: { profiles: [3000], slots: [] } },
  mgr_nodes: { nodes: [{ name: 'Hall', addr: 2, type: 'htr', installed: true, lost: false }] },
  away_status: { enabled: true, away: false, forced: false },
  discovery: { discovery: 'on', type: 'htr', addr: 3 },
  rtc_time: { y: 2026, n: 11, d: 28, h: 8, m: 30, s: 0 },
  htr_power_limit: { power_limit: '2500' },
  status: { mode: 'auto', stemp: '21.0', sync_status: 'pending' },
  setup: { units: 'C', prog_resolution: 'hour' },
  prog: { prog: PROG },
  version: { fw_version: '1.2.3' },
  power: { power: '1200.0' },
  power_limit: { power_limit: '0' },
};

/** A body of the wrong shape for each kind. */
const BAD_BODY: Record<DevicePathKind | NodePart, unknown> = {
  connected: { connected: 'yes' },
  geo_data: 'Madrid',
  pmo_system: { main_circuit_pmos: 'all' },
  mgr_nodes: { nodes: [{ name: 'Hall', addr: -1, type: 'htr', installed: true, lost: false }] },
  away_status: { enabled: true },
  discovery: { discovery: 'maybe' },
  rtc_time: 12,
  htr_power_limit: { power_limit: 2500 },
  status: { mode: 'sideways' },
  setup: null,
  prog: [1, 2],
  version: { fw_version: 3 },
  power: '1200',
  power_limit: null,
};

function pathOf(kind: DevicePathKind | NodePart): string {
  return (NODE_PARTS as readonly string[]).includes(kind)
    ? buildDevicePath(kind as NodePart, { type: 'pmo', addr: 3 })
    : buildDevicePath(kind as DevicePathKind);
}

describe('device paths', () => {
  it('reads back every kind it builds, for every node type', () => {
    for (const kind of DEVICE_KINDS)
      expect(parseDevicePath(buildDevicePath(kind))).toEqual({ kind });
    for (const kind of NODE_PARTS)
      for (const type of NODE_TYPES)
        for (const addr of [0, 2, 17]) {
          const path = buildDevicePath(kind, { type, addr });
          expect(path).toBe(`/${type}/${addr}/${kind}`);
          expect(parseDevicePath(path)).toEqual({ kind, type, addr });
        }
    expect(PATH_KINDS).toHaveLength(DEVICE_KINDS.length + NODE_PARTS.length);
  });

  it('builds the paths on the wire', () => {
    expect(buildDevicePath('away_status')).toBe('/mgr/away_status');
    expect(buildDevicePath('htr_power_limit')).toBe('/htr_system/power_limit');
    expect(buildDevicePath('status', { type: 'htr', addr: 2 })).toBe('/htr/2/status');
    expect(buildDevicePath('power', { type: 'pmo', addr: 3 })).toBe('/pmo/3/power');
  });

  it('ignores empty segments, as the app always read them', () => {
    expect(parseDevicePath('/mgr/nodes/')).toEqual({ kind: 'mgr_nodes' });
    expect(parseDevicePath('/htr//2/status')).toEqual({ kind: 'status', type: 'htr', addr: 2 });
  });

  it('refuses paths no update carries', () => {
    for (const path of [
      '',
      '/',
      '/mgr',
      '/mgr/away',
      '/rtc/time',
      '/xyz/2/status',
      '/htr/two/status',
      '/htr/-1/status',
      '/htr/2.5/status',
      '/htr/2/mode',
      '/htr/2',
      '/htr/2/status/extra',
      '/htr/12345678901/status',
    ])
      expect(parseDevicePath(path), path).toBeNull();
  });
});

describe('readDevicePath and devicePathOf', () => {
  it('reads every path as buildDevicePath spells it, with what it names', () => {
    for (const kind of DEVICE_KINDS) {
      const path = buildDevicePath(kind);
      expect(readDevicePath(path)).toEqual({ kind });
      expect(devicePathOf({ kind })).toBe(path);
    }
    for (const kind of NODE_PARTS) {
      const path = buildDevicePath(kind, { type: 'acm', addr: 7 });
      expect(readDevicePath(path)).toEqual({ kind, type: 'acm', addr: 7 });
      expect(devicePathOf({ kind, type: 'acm', addr: 7 })).toBe(path);
    }
  });

  it('refuses the loose spellings parseDevicePath forgives, and paths no update carries', () => {
    for (const path of [
      '/mgr/nodes/',
      '//mgr/nodes',
      '/htr//2/status',
      '/htr/02/status',
      '/htr/2/status/',
      '/htr/2/mode',
      '/xyz/2/status',
      '',
    ])
      expect(readDevicePath(path), path).toBeNull();
  });
});

describe('readDeviceUpdate', () => {
  it('reads every kind with its body', () => {
    for (const kind of PATH_KINDS) {
      const path = pathOf(kind);
      const update = readDeviceUpdate({ path, body: GOOD_BODY[kind] });
      expect(update, kind).not.toBeNull();
      expect(update?.kind).toBe(kind);
      expect(update?.path).toBe(path);
    }
  });

  it('gives the node of a node part and normalises the connected and node-list shapes', () => {
    expect(readDeviceUpdate({ path: '/acm/4/status', body: { mode: 'off' } })).toEqual({
      kind: 'status',
      path: '/acm/4/status',
      type: 'acm',
      addr: 4,
      body: { mode: 'off' },
    });
    expect(readDeviceUpdate({ path: '/connected', body: false })?.body).toBe(false);
    expect(readDeviceUpdate({ path: '/connected', body: { connected: true } })?.body).toBe(true);
    const node = { name: 'Hall', addr: 2, type: 'htr', installed: true, lost: false };
    expect(readDeviceUpdate({ path: '/mgr/nodes', body: [node] })?.body).toEqual([node]);
  });

  it('refuses a bad body of every kind, an unknown path and a malformed event, without throwing', () => {
    for (const kind of PATH_KINDS)
      expect(readDeviceUpdate({ path: pathOf(kind), body: BAD_BODY[kind] }), kind).toBeNull();
    expect(readDeviceUpdate({ path: '/mgr/unknown', body: {} })).toBeNull();
    for (const event of [null, undefined, 'update', 42, { body: {} }, { path: 3, body: {} }])
      expect(readDeviceUpdate(event)).toBeNull();
  });
});
