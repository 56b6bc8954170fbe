import { describe, expect, it } from 'vitest';
import { getJson, login, postJson } from '../test-support/http';
import {
  createHomeWithDevice,
  createUser,
  useTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';

let t: TestHearth;
useTestHearth((started) => (t = started));

const heater = { name: 'Lounge', addr: 2, type: 'htr' as const, installed: true, lost: false };

async function world() {
  const owner = await createUser(t.repos, 'owner@example.com');
  const stranger = await createUser(t.repos, 'stranger@example.com');
  const guest = await createUser(t.repos, 'guest@example.com');
  const { homeId, devId } = await createHomeWithDevice(t.repos, owner.id);
  await t.repos.nodes.replaceList(devId, [heater]);
  await t.repos.nodes.setPart(devId, 'htr', 2, 'status', {
    mode: 'manual',
    stemp: '21.0',
    mtemp: '19.5',
    units: 'C',
  });
  await t.repos.homes.addGuest({
    groupId: homeId,
    email: guest.email,
    userId: guest.id,
    pending: false,
  });
  return {
    homeId,
    devId,
    owner: (await login(t.url, owner.email, owner.password)).access_token,
    stranger: (await login(t.url, stranger.email, stranger.password)).access_token,
    guest: (await login(t.url, guest.email, guest.password)).access_token,
  };
}

describe('device reads', () => {
  it('lists homes with their gateways for the owner, and as invited for a guest', async () => {
    const w = await world();
    const dev = {
      dev_id: w.devId,
      name: 'Home gateway',
      product_id: '0002',
      fw_version: '',
      serial_id: '01.01',
    };
    expect((await getJson(`${t.url}/api/v2/grouped_devs`, w.owner)).body).toEqual([
      { id: w.homeId, name: 'Home', owner: true, devs: [dev] },
    ]);
    expect((await getJson(`${t.url}/api/v2/grouped_devs`, w.guest)).body).toEqual([
      { id: w.homeId, name: 'Home', owner: false, devs: [dev] },
    ]);
    expect((await getJson(`${t.url}/api/v2/grouped_devs`, w.stranger)).body).toEqual([]);
    expect((await getJson(`${t.url}/api/v2/devs`, w.owner)).body).toEqual({
      devs: [dev],
      invited_to: [],
    });
    expect((await getJson(`${t.url}/api/v2/devs`, w.guest)).body).toEqual({
      devs: [],
      invited_to: [dev],
    });
  });

  it('answers mgr/nodes, connected, the node and dev_data in the wire shapes', async () => {
    const w = await world();
    const base = `${t.url}/api/v2/devs/${w.devId}`;
    expect((await getJson(`${base}/mgr/nodes`, w.owner)).body).toEqual({ nodes: [heater] });
    expect((await getJson(`${base}/connected`, w.owner)).body).toEqual({ connected: false });
    expect((await getJson(`${base}/htr/2/`, w.owner)).body).toEqual({
      status: { mode: 'manual', stemp: '21.0', mtemp: '19.5', units: 'C' },
      setup: {},
      prog: {},
      version: {},
    });
    expect((await getJson(`${base}/htr_mod/2/status`, w.owner)).body).toMatchObject({
      stemp: '21.0',
    });
    expect((await getJson(`${base}/dev_data`, w.guest)).body).toEqual({
      connected: false,
      away_status: { enabled: false, away: false, forced: false },
      geo_data: { tz_code: 'Europe/Madrid' },
      discovery: { discovery: 'off' },
      htr_system: { setup: { power_limit: '0' } },
      pmo_system: { main_circuit_pmos: [], max_power_config: { profiles: [], slots: [] } },
      // Ruling D17: every node listed, a part not reported yet `{}` as in the node's own read.
      nodes: [
        {
          ...heater,
          status: { mode: 'manual', stemp: '21.0', mtemp: '19.5', units: 'C' },
          setup: {},
          prog: {},
          version: {},
        },
      ],
    });
  });

  it('hides a device from strangers (404) and refuses anonymous or forged callers (401)', async () => {
    const w = await world();
    const paths = ['dev_data', 'connected', 'mgr/nodes', 'htr/2/', 'htr/2/status'];
    for (const p of paths) {
      const url = `${t.url}/api/v2/devs/${w.devId}/${p}`;
      expect((await getJson(url, w.stranger)).body).toMatchObject({
        statusCode: 404,
        error: 'not_found',
      });
      expect((await getJson(url)).status).toBe(401);
      expect((await getJson(url, `${w.owner}x`)).status).toBe(401);
      expect((await getJson(url, w.owner)).status).toBe(200);
    }
    expect((await getJson(`${t.url}/api/v2/devs`)).body).toEqual({
      message: 'Missing or invalid access token',
      statusCode: 401,
      error: 'unauthorized',
    });
  });

  it('answers 404 for an unknown device or node and a malformed dev id', async () => {
    const w = await world();
    // Spec 3 §8 missing lookups: "Dev not found", "Node not found".
    expect(
      (await getJson(`${t.url}/api/v2/devs/ffffffffffffffffff/dev_data`, w.owner)).body,
    ).toMatchObject({ statusCode: 404, message: 'Dev not found' });
    expect((await getJson(`${t.url}/api/v2/devs/not-a-dev/dev_data`, w.owner)).body).toMatchObject({
      statusCode: 404,
      message: 'Dev not found',
    });
    expect(
      (await getJson(`${t.url}/api/v2/devs/ffffffffffffffffff/htr/2/status`, w.owner)).body,
    ).toMatchObject({ statusCode: 404, message: 'Dev not found' });
    expect((await getJson(`${t.url}/api/v2/devs/${w.devId}/htr/9/status`, w.owner)).status).toBe(
      404,
    );
    expect((await getJson(`${t.url}/api/v2/devs/${w.devId}/oven/2/status`, w.owner)).status).toBe(
      404,
    );
  });

  it('answers 400 for a node address not written as a whole number, and reads no node', async () => {
    const w = await world();
    // docs/wire-contract.md §1: addr is an integer; "0x2" or "2e0" is not the node at address 2.
    for (const addr of ['0x2', '2e0', '2.0', '+2', ' 2', '-1', '2147483648', 'abc']) {
      const res = await getJson(
        `${t.url}/api/v2/devs/${w.devId}/htr/${encodeURIComponent(addr)}/status`,
        w.owner,
      );
      expect(res.body, addr).toMatchObject({ statusCode: 400, error: 'validation_failed' });
    }
    expect((await getJson(`${t.url}/api/v2/devs/${w.devId}/htr/2/status`, w.owner)).status).toBe(
      200,
    );
  });
});

describe('POST status validation', () => {
  it('refuses bad writes with 400 and stores nothing', async () => {
    const w = await world();
    const url = `${t.url}/api/v2/devs/${w.devId}/htr/2/status`;
    const bad = [
      { stemp: '22.0' },
      { stemp: 22, units: 'C' },
      { mode: 'party' },
      {},
      { stemp: '22.0', units: 'K' },
      { colour: 'red' },
    ];
    for (const body of bad) {
      const res = await postJson(url, body, w.owner);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'validation_failed' });
    }
    expect((await getJson(url, w.owner)).body).toMatchObject({ stemp: '21.0' });
    expect(await t.repos.commands.listPending(w.devId)).toEqual([]);
  });

  it('refuses a stranger with 404 and stores nothing', async () => {
    const w = await world();
    const res = await postJson(
      `${t.url}/api/v2/devs/${w.devId}/htr/2/status`,
      { stemp: '25.0', units: 'C' },
      w.stranger,
    );
    expect(res.status).toBe(404);
    expect(await t.repos.commands.listPending(w.devId)).toEqual([]);
  });
});
