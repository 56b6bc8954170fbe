import { describe, expect, it } from 'vitest';
import { createHomesAdminRepository } from '../homes/homes-admin.repository';
import { getJson, login } from '../test-support/http';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  useTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';

// docs/design.md §6 and docs/wire-contract.md §5, §7: a read answers the documented shape. What is stored (by an
// older server, before objects were checked on ingest, or by hand) must never make it a 500:
// a part that does not parse reads as its documented default.
let t: TestHearth;
useTestHearth((started) => (t = started));

/** Stored as is, past the repositories' types, as rows written before any check would be. */
const raw = <T>(value: unknown) => value as T;

async function ownedDevice() {
  const owner = await createUser(t.repos, `owner-${randomDevId()}@example.com`);
  const { devId, homeId } = await createHomeWithDevice(t.repos, owner.id, randomDevId());
  await t.repos.nodes.replaceList(devId, [
    { name: 'Heater', addr: 2, type: 'htr', installed: true, lost: false },
  ]);
  const token = (await login(t.url, owner.email, owner.password)).access_token;
  const get = async (path: string) => {
    const res = await getJson(`${t.url}${path}`, token);
    expect(res.status, path).toBe(200);
    return res.body;
  };
  return { devId, homeId, get, base: `/api/v2/devs/${devId}` };
}

const badDeviceObjects: Array<[string, unknown]> = [
  ['/mgr/away_status', { away: 'yes', enabled: 1 }],
  ['/mgr/discovery', { discovery: 1, addr: 'two' }],
  ['/pmo_system', { main_circuit_pmos: 'x', max_power_config: [] }],
  ['/geo_data', ['not', 'an', 'object']],
  ['/htr_system/power_limit', { power_limit: { w: 1 } }],
];

describe('reads of stored objects in another shape than documented', () => {
  it('answers the device objects’ documented defaults', async () => {
    const { devId, get, base } = await ownedDevice();
    for (const [path, body] of badDeviceObjects) await t.repos.devices.putState(devId, path, body);
    expect(await get(`${base}/mgr/away_status`)).toEqual({
      enabled: false,
      away: false,
      forced: false,
    });
    expect(await get(`${base}/mgr/discovery`)).toEqual({ discovery: 'off' });
    expect(await get(`${base}/pmo_system`)).toEqual({
      main_circuit_pmos: [],
      max_power_config: { profiles: [], slots: [] },
    });
    expect(await get(`${base}/htr_system/power_limit`)).toEqual({ power_limit: '0' });
  });

  it('answers the home zone’s clock for a stored clock that is no date', async () => {
    const { devId, get, base } = await ownedDevice();
    const clock = { y: 1e20, n: 1, d: 1, h: 0, m: 0, s: 0, w: 4 };
    await t.repos.devices.putState(devId, '/mgr/rtc/time', clock);
    const answer = (await get(`${base}/mgr/rtc/time`)) as Record<string, number>;
    expect(Object.values(answer).every(Number.isFinite)).toBe(true);
    expect(Math.abs(answer.y! - new Date().getUTCFullYear())).toBeLessThanOrEqual(1);
  });

  it('answers a dev_data snapshot of documented parts, defaults for the bad ones', async () => {
    const { devId, get, base } = await ownedDevice();
    for (const [path, body] of badDeviceObjects) await t.repos.devices.putState(devId, path, body);
    await t.repos.nodes.setPart(devId, 'htr', 2, 'status', raw(['on']));
    await t.repos.nodes.setPart(devId, 'htr', 2, 'prog', raw({ prog: 'weekly' }));
    const snapshot = (await get(`${base}/dev_data`)) as Record<string, unknown>;
    expect(snapshot).toMatchObject({
      away_status: { enabled: false, away: false, forced: false },
      discovery: { discovery: 'off' },
      geo_data: { tz_code: 'Europe/Madrid' },
      htr_system: { setup: { power_limit: '0' } },
      pmo_system: { main_circuit_pmos: [], max_power_config: { profiles: [], slots: [] } },
    });
    expect(snapshot.nodes).toEqual([
      {
        ...{ name: 'Heater', addr: 2, type: 'htr', installed: true, lost: false },
        ...{ status: {}, setup: {}, prog: {}, version: {} },
      },
    ]);
  });

  it('answers a node part that is not an object as an empty one', async () => {
    const { devId, get, base } = await ownedDevice();
    await t.repos.nodes.setPart(devId, 'htr', 2, 'status', raw(['on']));
    await t.repos.nodes.setPart(devId, 'htr', 2, 'setup', raw('eco'));
    await t.repos.nodes.setPart(devId, 'htr', 2, 'prog', raw(7));
    await t.repos.nodes.setPart(devId, 'htr', 2, 'version', raw({ fw: '1.2' }));
    expect(await get(`${base}/htr/2/status`)).toEqual({});
    expect(await get(`${base}/htr/2/setup`)).toEqual({});
    expect(await get(`${base}/htr/2/prog`)).toEqual({});
    expect(await get(`${base}/htr/2/`)).toEqual({
      status: {},
      setup: {},
      prog: {},
      version: { fw: '1.2' },
    });
  });

  it('answers a home’s geo and extra data that are not objects as empty ones', async () => {
    const { homeId, get } = await ownedDevice();
    const homes = createHomesAdminRepository(t.hearth.db);
    await homes.updateHome(homeId, { geoData: raw(['x']), extraData: raw('notes') });
    expect(await get(`/api/v2/groups/${homeId}/geo_data`)).toEqual({});
    expect(await get(`/api/v2/groups/${homeId}/extra_data`)).toEqual({});
  });

  it('answers quiet-home settings with bad excluded nodes as none excluded', async () => {
    const { homeId, get } = await ownedDevice();
    const homes = createHomesAdminRepository(t.hearth.db);
    await homes.putQuietHome({
      groupId: homeId,
      email: 'me@example.com',
      enabled: true,
      excludedNodes: raw([{ devid: 7, nodes: 'all' }]),
    });
    expect(await get(`/api/notifications/v1/${homeId}/presence/config`)).toEqual({
      email: 'me@example.com',
      enabled: true,
      excluded_nodes: [],
    });
  });
});
