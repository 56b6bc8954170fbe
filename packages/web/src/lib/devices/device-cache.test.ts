import { expect, test } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { DevData, MgrNode } from '@hearth/protocol';
import { deviceKeys } from './keys';
import { applyDevDataToCache, applyUpdateToCache } from './device-cache';
import type { DeviceState } from './device-state';

const DEV = '0123456789abcdef01';
const node = (name: string, addr: number): MgrNode => ({
  name,
  addr,
  type: 'htr',
  installed: true,
  lost: false,
});
const devData = (nodes: MgrNode[]): DevData => ({
  connected: true,
  away_status: { enabled: false, away: false, forced: false },
  geo_data: {},
  discovery: { discovery: 'off' },
  htr_system: { setup: { power_limit: '0' } },
  pmo_system: { main_circuit_pmos: [], max_power_config: { profiles: [], slots: [] } },
  nodes: nodes.map((n) => ({ ...n, status: { mtemp: '20.0', stemp: '21.0', units: 'C' } })),
});

test('a snapshot seeds the live state and the node list', () => {
  const client = new QueryClient();
  applyDevDataToCache(client, DEV, devData([node('A', 1)]));
  expect(client.getQueryData<DeviceState>(deviceKeys.live(DEV))?.nodes[0]?.status?.mtemp).toBe(
    '20.0',
  );
  expect(client.getQueryData(deviceKeys.nodes(DEV))).toEqual([node('A', 1)]);
});

test('an empty snapshot leaves the listed nodes alone', () => {
  const client = new QueryClient();
  client.setQueryData(deviceKeys.nodes(DEV), [node('A', 1)]);
  applyDevDataToCache(client, DEV, devData([]));
  expect(client.getQueryData(deviceKeys.nodes(DEV))).toEqual([node('A', 1)]);
});

test('a /mgr/nodes update rewrites the node list; a status update does not', () => {
  const client = new QueryClient();
  applyDevDataToCache(client, DEV, devData([node('A', 1)]));
  applyUpdateToCache(client, DEV, { path: '/htr/1/status', body: { mtemp: '22.0' } });
  expect(client.getQueryData(deviceKeys.nodes(DEV))).toEqual([node('A', 1)]);
  expect(client.getQueryData<DeviceState>(deviceKeys.live(DEV))?.nodes[0]?.status).toEqual({
    mtemp: '22.0',
  });

  applyUpdateToCache(client, DEV, {
    path: '/mgr/nodes',
    body: { nodes: [node('B', 1), node('C', 2)] },
  });
  expect(client.getQueryData(deviceKeys.nodes(DEV))).toEqual([node('B', 1), node('C', 2)]);
  applyUpdateToCache(client, DEV, { path: '/mgr/nodes', body: { nodes: [] } });
  expect(client.getQueryData(deviceKeys.nodes(DEV))).toEqual([node('B', 1), node('C', 2)]);
});
