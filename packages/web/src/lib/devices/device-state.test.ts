import { describe, expect, test } from 'vitest';
import type { DevData, SnapshotNode } from '@hearth/protocol';
import {
  applyDevData,
  applyUpdate,
  mergeNodes,
  toMgrNodes,
  type DeviceState,
} from './device-state';

const prog = {
  prog: Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, Array(24).fill(1)])),
};

function node(
  addr: number,
  name: string,
  mtemp: string,
  type: SnapshotNode['type'] = 'htr',
): SnapshotNode {
  return {
    name,
    addr,
    type,
    installed: true,
    lost: false,
    status: { mode: 'manual', mtemp, stemp: '21.0', units: 'C' },
    setup: { units: 'C' },
  };
}

function snapshot(nodes: SnapshotNode[], connected = true): DevData {
  return {
    connected,
    away_status: { enabled: false, away: false, forced: false },
    geo_data: {},
    discovery: { discovery: 'off' },
    htr_system: { setup: { power_limit: '0' } },
    pmo_system: { main_circuit_pmos: [], max_power_config: { profiles: [], slots: [] } },
    nodes,
  };
}

const seeded: DeviceState = applyDevData(
  undefined,
  snapshot([node(1, 'Living', '19.5'), node(2, 'Bedroom', '18.0')]),
);

describe('applyDevData', () => {
  test('seeds an empty cache and marks the device ready', () => {
    expect(seeded.ready).toBe(true);
    expect(seeded.connected).toBe(true);
    expect(seeded.nodes.map((n) => n.status?.mtemp)).toEqual(['19.5', '18.0']);
  });

  test('a snapshot with no nodes keeps the known node list but takes the rest', () => {
    const next = applyDevData(seeded, snapshot([], false));
    expect(next.nodes).toEqual(seeded.nodes);
    expect(next.connected).toBe(false);
  });

  test('a later snapshot replaces the nodes with the new values', () => {
    const next = applyDevData(seeded, snapshot([node(1, 'Living', '22.0')]));
    expect(next.nodes.map((n) => [n.name, n.status?.mtemp])).toEqual([['Living', '22.0']]);
  });
});

describe('applyUpdate', () => {
  test('a status update replaces that node status only', () => {
    const body = { mode: 'auto', mtemp: '20.1', stemp: '19.0', units: 'C' };
    const next = applyUpdate(seeded, { path: '/htr/2/status', body });
    expect(next.nodes[1]?.status).toEqual(body);
    expect(next.nodes[0]).toBe(seeded.nodes[0]);
    expect(seeded.nodes[1]?.status?.mtemp).toBe('18.0');
  });

  test.each([
    ['setup', { units: 'F', offset: '0.5' }],
    ['prog', prog],
    ['version', { fw_version: '1.2', hw_version: '3' }],
  ] as const)('a %s update replaces that object', (part, body) => {
    const next = applyUpdate(seeded, { path: `/htr/1/${part}`, body });
    expect(next.nodes[0]?.[part]).toEqual(body);
    expect(next.nodes[0]?.status).toEqual(seeded.nodes[0]?.status);
  });

  test('a power reading lands on its node', () => {
    const withMeter = applyDevData(undefined, snapshot([node(5, 'Meter', '0.0', 'pmo')]));
    const next = applyUpdate(withMeter, { path: '/pmo/5/power', body: { power: '4100.9' } });
    expect(next.nodes[0]?.power).toEqual({ power: '4100.9' });
  });

  test('the older htr_mod family addresses htr nodes', () => {
    const next = applyUpdate(seeded, { path: '/htr_mod/1/status', body: { mtemp: '23.0' } });
    expect(next.nodes[0]?.status?.mtemp).toBe('23.0');
  });

  test('the type must match as well as the address', () => {
    const next = applyUpdate(seeded, { path: '/acm/1/status', body: { mtemp: '30.0' } });
    expect(next).toBe(seeded);
  });

  test('an update for an unknown node or path changes nothing', () => {
    expect(applyUpdate(seeded, { path: '/htr/9/status', body: { mtemp: '1.0' } })).toBe(seeded);
    expect(applyUpdate(seeded, { path: '/htr/1/bogus', body: {} })).toBe(seeded);
    expect(applyUpdate(seeded, { path: '/something', body: {} })).toBe(seeded);
  });

  test('/mgr/nodes replaces the list and keeps the status of nodes that stay', () => {
    const body = {
      nodes: [
        { name: 'Lounge', addr: 1, type: 'htr', installed: true, lost: false },
        { name: 'Kitchen', addr: 3, type: 'htr', installed: false, lost: false },
      ],
    };
    const next = applyUpdate(seeded, { path: '/mgr/nodes', body });
    expect(next.nodes.map((n) => n.name)).toEqual(['Lounge', 'Kitchen']);
    expect(next.nodes[0]?.status?.mtemp).toBe('19.5');
    expect(next.nodes[1]?.status).toBeUndefined();
  });

  test('an empty /mgr/nodes keeps the known list', () => {
    expect(applyUpdate(seeded, { path: '/mgr/nodes', body: { nodes: [] } })).toBe(seeded);
    expect(applyUpdate(seeded, { path: '/mgr/nodes', body: [] })).toBe(seeded);
  });

  test('/connected takes the object or a bare flag', () => {
    expect(applyUpdate(seeded, { path: '/connected', body: { connected: false } }).connected).toBe(
      false,
    );
    expect(applyUpdate(seeded, { path: '/connected', body: false }).connected).toBe(false);
    expect(applyUpdate(seeded, { path: '/connected', body: { other: 1 } })).toBe(seeded);
  });

  test('device-level objects replace their slot', () => {
    const away = { enabled: true, away: true, forced: false };
    expect(applyUpdate(seeded, { path: '/mgr/away_status', body: away }).away_status).toEqual(away);
    expect(
      applyUpdate(seeded, { path: '/mgr/discovery', body: { discovery: 'on' } }).discovery,
    ).toEqual({
      discovery: 'on',
    });
    expect(
      applyUpdate(seeded, { path: '/htr_system/power_limit', body: { power_limit: '2000' } })
        .htr_system,
    ).toEqual({ setup: { power_limit: '2000' } });
    expect(applyUpdate(seeded, { path: '/geo_data', body: { city: 'Girona' } }).geo_data).toEqual({
      city: 'Girona',
    });
  });

  test('the power system, thermostats and power monitors take their updates (spec 3 §7 paths)', () => {
    const system = {
      main_circuit_pmos: [5],
      max_power_config: { profiles: [4000], slots: [{ m: 0, i: 0 }] },
    };
    expect(applyUpdate(seeded, { path: '/pmo_system', body: system }).pmo_system).toEqual(system);
    const mixed = applyDevData(
      undefined,
      snapshot([node(3, 'Thermostat', '20.0', 'thm'), node(5, 'Meter', '0', 'pmo')]),
    );
    const thm = applyUpdate(mixed, { path: '/thm/3/status', body: { mtemp: '22.5' } });
    expect(thm.nodes.find((n) => n.type === 'thm')?.status?.mtemp).toBe('22.5');
    const limit = applyUpdate(mixed, { path: '/pmo/5/power_limit', body: { power_limit: '9000' } });
    expect(limit.nodes.find((n) => n.type === 'pmo')?.power_limit).toEqual({
      power_limit: '9000',
    });
    const setup = applyUpdate(mixed, { path: '/pmo/5/setup', body: { reverse_power: true } });
    expect(setup.nodes.find((n) => n.type === 'pmo')?.setup).toEqual({ reverse_power: true });
    const version = applyUpdate(mixed, { path: '/thm/3/version', body: { fw_version: '2.1' } });
    expect(version.nodes.find((n) => n.type === 'thm')?.version).toEqual({ fw_version: '2.1' });
  });

  test('updates before any snapshot start from an empty state', () => {
    const next = applyUpdate(undefined, { path: '/connected', body: { connected: true } });
    expect(next).toEqual({ ready: false, nodes: [], connected: true });
  });
});

describe('mergeNodes', () => {
  test('lists the /mgr/nodes entries with the live status attached', () => {
    const listed = toMgrNodes(seeded.nodes).reverse();
    const merged = mergeNodes(listed, seeded);
    expect(merged.map((n) => [n.name, n.status?.mtemp])).toEqual([
      ['Bedroom', '18.0'],
      ['Living', '19.5'],
    ]);
  });

  test('falls back to the snapshot nodes when the list is not known yet', () => {
    expect(mergeNodes(undefined, seeded)).toBe(seeded.nodes);
    expect(mergeNodes([], undefined)).toEqual([]);
  });
});
