import { describe, expect, it } from 'vitest';
import { gatewayTopics } from '@hearth/protocol';
import { getJson, login } from '../test-support/http';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  useTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';
import { freshIngestProcess } from './ingest-test-process';

// docs/device-protocol.md "Topics": a gateway publishes the full object at a realtime path.
// What it publishes is read back at that path (docs/wire-contract.md §5) and pushed as an update (§7), so an
// object in another shape, or at a path that is none of them, is dropped.
let t: TestHearth;
useTestHearth((started) => (t = started));

const malformed: Array<[string, unknown]> = [
  ['/mgr/away_status', { away: 'yes' }],
  ['/mgr/discovery', { discovery: 1 }],
  ['/mgr/rtc/time', { y: 'soon' }],
  ['/htr_system/power_limit', { power_limit: 'lots' }],
  ['/pmo_system', { main_circuit_pmos: 'x' }],
  ['/pmo/5/power_limit', { power_limit: 2000.5 }],
  ['/pmo/5/power', { power: 'high' }],
  ['/whatever/else', { a: 1 }],
];
const wellFormed: Array<[string, unknown]> = [
  ['/mgr/away_status', { enabled: true, away: true, forced: false }],
  ['/mgr/discovery', { discovery: 'on', type: 'htr', addr: 3 }],
  ['/htr_system/power_limit', { power_limit: '2000' }],
  [
    '/pmo_system',
    { main_circuit_pmos: [5], max_power_config: { profiles: [3000], slots: [{ m: 0, i: 0 }] } },
  ],
  ['/pmo/5/power_limit', { power_limit: '3000' }],
  ['/pmo/5/power', { power: '1234.0' }],
];

async function ownedDevice() {
  const owner = await createUser(t.repos, `owner-${randomDevId()}@example.com`);
  const { devId } = await createHomeWithDevice(t.repos, owner.id, randomDevId());
  await t.repos.nodes.replaceList(devId, [
    { name: 'Meter', addr: 5, type: 'pmo', installed: true, lost: false },
  ]);
  return { devId, token: (await login(t.url, owner.email, owner.password)).access_token };
}

describe('device objects published by a gateway', () => {
  it('drops a malformed object or an unknown path: nothing stored, pushed, or answered 5xx', async () => {
    const { devId, token } = await ownedDevice();
    const p = freshIngestProcess(t);
    for (const [path, body] of malformed) await p.send(gatewayTopics.up(devId, path), body);
    expect(p.updates).toEqual([]);
    for (const [path] of malformed)
      expect(await t.repos.devices.getState(devId, path)).toBeUndefined();
    const base = `${t.url}/api/v2/devs/${devId}`;
    for (const path of ['/mgr/away_status', '/mgr/discovery', '/pmo_system', '/dev_data']) {
      expect((await getJson(`${base}${path}`, token)).status, path).toBe(200);
    }
  });

  it('stores and pushes a well-formed one at its path', async () => {
    const { devId, token } = await ownedDevice();
    const p = freshIngestProcess(t);
    for (const [path, body] of wellFormed) await p.send(gatewayTopics.up(devId, path), body);
    expect(p.updates.map(({ path, body }) => [path, body])).toEqual(wellFormed);
    const base = `${t.url}/api/v2/devs/${devId}`;
    expect((await getJson(`${base}/pmo_system`, token)).body).toEqual(wellFormed[3]![1]);
    expect((await getJson(`${base}/pmo/5/power`, token)).body).toEqual({ power: '1234.0' });
  });
});
