import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_NAMESPACE, type UpdateEvent } from '@hearth/protocol';
import { getJson, login, postJson } from '../test-support/http';
import { connectGateway, type TestGateway } from '../test-support/test-gateway';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  startTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';

let t: TestHearth;
const open: Array<{ end(): unknown }> = [];
beforeAll(async () => {
  t = await startTestHearth();
});
afterAll(() => t.stop());
beforeEach(async () => {
  for (const o of open.splice(0)) await o.end();
  await t.reset();
});

const nodesBody = {
  nodes: [{ name: 'Lounge', addr: 2, type: 'htr', installed: true, lost: false }],
};
const status = { mode: 'manual', stemp: '21.0', mtemp: '19.5', units: 'C', sync_status: 'ok' };

async function ownedGateway() {
  const owner = await createUser(t.repos, 'owner@example.com');
  const { devId } = await createHomeWithDevice(t.repos, owner.id, randomDevId());
  const token = (await login(t.url, owner.email, owner.password)).access_token;
  return { devId, token };
}

async function gateway(devId: string, opts: { subscribe?: boolean } = {}): Promise<TestGateway> {
  const gw = await connectGateway(
    t.hearth.gatewayMqttUrl(),
    devId,
    t.hearth.gatewaySecret(devId),
    opts,
  );
  open.push(gw);
  return gw;
}

function socketFor(
  devId: string,
  token: string,
): Promise<{ socket: Socket; updates: UpdateEvent[] }> {
  const socket = io(`${t.url}${SOCKET_NAMESPACE}`, {
    path: '/socket.io/',
    query: { token, dev_id: devId },
    transports: ['websocket'],
    forceNew: true,
  });
  open.push({ end: () => socket.disconnect() });
  const updates: UpdateEvent[] = [];
  socket.on('update', (u: UpdateEvent) => updates.push(u));
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve({ socket, updates }));
    socket.once('connect_error', reject);
  });
}

describe('gateway → server', () => {
  it('stores what a gateway publishes, pushes it to the device room and serves it over REST', async () => {
    const { devId, token } = await ownedGateway();
    const { updates } = await socketFor(devId, token);
    const gw = await gateway(devId);
    await gw.publishUp('/mgr/nodes', nodesBody);
    await gw.publishUp('/htr/2/status', status);
    await gw.publishUp('/mgr/away_status', { enabled: true, away: true, forced: false });

    await vi.waitFor(() =>
      expect(updates.map((u) => u.path)).toEqual([
        '/connected',
        '/mgr/nodes',
        '/htr/2/status',
        '/mgr/away_status',
      ]),
    );
    expect(updates[0]?.body).toEqual({ connected: true });
    expect(updates[2]?.body).toEqual(status);

    const base = `${t.url}/api/v2/devs/${devId}`;
    expect((await getJson(`${base}/connected`, token)).body).toEqual({ connected: true });
    expect((await getJson(`${base}/mgr/nodes`, token)).body).toEqual(nodesBody);
    expect((await getJson(`${base}/htr/2/status`, token)).body).toEqual(status);
    expect((await getJson(`${base}/dev_data`, token)).body).toMatchObject({
      connected: true,
      away_status: { away: true },
    });
  });

  it('sends updates only to the room of the device that changed', async () => {
    const a = await ownedGateway();
    const other = await createUser(t.repos, 'other@example.com');
    const { devId: otherDev } = await createHomeWithDevice(t.repos, other.id, randomDevId());
    const otherToken = (await login(t.url, other.email, other.password)).access_token;
    const mine = await socketFor(a.devId, a.token);
    const theirs = await socketFor(otherDev, otherToken);
    const gw = await gateway(a.devId);
    await gw.publishUp('/htr/2/status', status);
    await vi.waitFor(() => expect(mine.updates.some((u) => u.path === '/htr/2/status')).toBe(true));
    const gwOther = await gateway(otherDev);
    await gwOther.publishUp('/mgr/nodes', { nodes: [] });
    await vi.waitFor(() => expect(theirs.updates.some((u) => u.path === '/mgr/nodes')).toBe(true));
    expect(theirs.updates.some((u) => u.path === '/htr/2/status')).toBe(false);
    expect(mine.updates.some((u) => u.path === '/mgr/nodes')).toBe(false);
  });

  it('stores samples for range reads and drops malformed messages', async () => {
    const { devId } = await ownedGateway();
    const gw = await gateway(devId);
    await gw.client.publishAsync(
      `hearth/gw/${devId}/samples`,
      JSON.stringify({
        samples: [
          { type: 'htr', addr: 2, t: 1000, counter: 5, temp: '19.5' },
          { type: 'htr', addr: 2, t: 1900, counter: 9 },
        ],
      }),
      { qos: 1 },
    );
    await gw.publishUp('/htr/2/status', { stemp: 21 });
    await gw.client.publishAsync(`hearth/gw/${devId}/samples`, 'not json', { qos: 1 });
    await gw.barrier(() => t.repos.devices.getState(devId, '/mgr/rtc/time'));
    await t.hearth.gatewayIdle(); // samples gather before they are stored (ingest.service.ts)
    expect(await t.repos.samples.range(devId, 'htr', 2, 0, 2000)).toHaveLength(2);
    const rows = await t.repos.samples.range(devId, 'htr', 2, 1500, 2000);
    expect(rows.map((r) => [r.t, r.counter, r.temp])).toEqual([[1900, 9, null]]);
    expect(await t.repos.nodes.find(devId, 'htr', 2)).toBeUndefined();
  });

  it('records a gateway that nobody has added yet as unclaimed', async () => {
    const devId = randomDevId();
    await gateway(devId);
    await vi.waitFor(async () =>
      expect(await t.repos.devices.find(devId)).toMatchObject({
        devId,
        groupId: null,
        connected: true,
      }),
    );
  });

  it('marks the device disconnected when the will arrives', async () => {
    const { devId, token } = await ownedGateway();
    const gw = await gateway(devId);
    await vi.waitFor(async () =>
      expect((await getJson(`${t.url}/api/v2/devs/${devId}/connected`, token)).body).toEqual({
        connected: true,
      }),
    );
    gw.client.stream.destroy();
    await vi.waitFor(
      async () =>
        expect((await getJson(`${t.url}/api/v2/devs/${devId}/connected`, token)).body).toEqual({
          connected: false,
        }),
      { timeout: 10_000 },
    );
  });
});

describe('server → gateway', () => {
  it('answers a write at once, sends it as a command and settles it on ack', async () => {
    const { devId, token } = await ownedGateway();
    const gw = await gateway(devId);
    await gw.publishUp('/mgr/nodes', nodesBody);
    await gw.publishUp('/htr/2/status', status);
    await gw.barrier(() => t.repos.devices.getState(devId, '/mgr/rtc/time'));
    const { updates } = await socketFor(devId, token);

    const res = await postJson(
      `${t.url}/api/v2/devs/${devId}/htr/2/status`,
      { stemp: '23.5', units: 'C' },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ stemp: '23.5', sync_status: 'pending', mode: 'manual' });
    await vi.waitFor(() => expect(gw.commands).toHaveLength(1));
    const cmd = gw.commands[0];
    expect(cmd).toMatchObject({
      method: 'POST',
      path: '/htr/2/status',
      body: { stemp: '23.5', units: 'C' },
    });
    await vi.waitFor(() =>
      expect(updates).toContainEqual({
        path: '/htr/2/status',
        body: expect.objectContaining({ stemp: '23.5', sync_status: 'pending' }),
      }),
    );

    // Applied but not yet acknowledged: still pending.
    await gw.publishUp('/htr/2/status', { ...status, stemp: '23.5' });
    await gw.barrier(() => t.repos.devices.getState(devId, '/mgr/rtc/time'));
    expect((await getJson(`${t.url}/api/v2/devs/${devId}/htr/2/status`, token)).body).toEqual({
      ...status,
      stemp: '23.5',
      sync_status: 'pending',
    });

    await gw.ack(cmd?.id ?? '');
    await vi.waitFor(async () =>
      expect((await t.repos.commands.find(cmd?.id ?? ''))?.status).toBe('acked'),
    );
    await vi.waitFor(() =>
      expect(updates.at(-1)).toEqual({
        path: '/htr/2/status',
        body: { ...status, stemp: '23.5', sync_status: 'ok' },
      }),
    );
    expect((await getJson(`${t.url}/api/v2/devs/${devId}/htr/2/status`, token)).body).toEqual({
      ...status,
      stemp: '23.5',
    });
  });

  it('delivers a write made while the gateway was offline once it returns', async () => {
    const { devId, token } = await ownedGateway();
    await t.repos.nodes.replaceList(devId, nodesBody.nodes as never);
    const res = await postJson(
      `${t.url}/api/v2/devs/${devId}/htr/2/status`,
      { mode: 'off' },
      token,
    );
    expect(res.status).toBe(200);
    const [pending] = await t.repos.commands.listPending(devId);
    expect(pending).toMatchObject({ path: '/htr/2/status', body: { mode: 'off' } });

    const gw = await gateway(devId);
    await vi.waitFor(() => expect(gw.commands.map((c) => c.id)).toContain(pending?.id));
    await gw.ack(pending?.id ?? '');
    await vi.waitFor(async () => expect(await t.repos.commands.listPending(devId)).toEqual([]));
  });
});

describe('geo data to gateways', () => {
  const madrid = {
    country: 'ES',
    state: 'Madrid',
    city: 'Madrid',
    zip: '28001',
    tz_code: 'Europe/Madrid',
  };

  it('sends the home geo data to every gateway of the home when the owner changes it', async () => {
    const owner = await createUser(t.repos, 'owner@example.com');
    const home = await createHomeWithDevice(t.repos, owner.id, randomDevId());
    const other = randomDevId();
    await t.repos.devices.claim(other, home.homeId, {
      name: 'Second',
      productId: '0105',
      serialId: '01',
    });
    const token = (await login(t.url, owner.email, owner.password)).access_token;
    const gws = [await gateway(home.devId)];
    const res = await postJson(
      `${t.url}/api/v2/groups/${home.homeId}/geo_data`,
      {
        country: 'PT',
        state: 'Açores',
        city: 'Ponta Delgada',
        zip: '9500-150',
        tz_code: 'Atlantic/Azores',
      },
      token,
    );
    expect(res.status).toBe(200);
    const geo = res.body as Record<string, unknown>;
    expect(geo).toMatchObject({ tz_code: 'Atlantic/Azores', city: 'Ponta Delgada' });
    await vi.waitFor(() =>
      expect(gws[0]?.commands.at(-1)).toMatchObject({
        method: 'POST',
        path: '/geo_data',
        body: geo,
      }),
    );
    // The gateway that is offline gets it when it comes back.
    const [pending] = await t.repos.commands.listPending(other);
    expect(pending).toMatchObject({ path: '/geo_data', body: geo });
    const late = await gateway(other);
    await vi.waitFor(() => expect(late.commands.map((c) => c.id)).toContain(pending?.id));
    // It echoes what it runs on; the server keeps it as the device's geo data.
    await late.publishUp('/geo_data', geo);
    await late.ack(pending?.id ?? '');
    await vi.waitFor(async () => expect(await t.repos.commands.listPending(other)).toEqual([]));
    expect(await t.repos.devices.getState(other, '/geo_data')).toEqual(geo);
  });

  it('sends the geo data to a gateway added by hand, delivered on its first connection', async () => {
    const owner = await createUser(t.repos, 'adder@example.com');
    const token = (await login(t.url, owner.email, owner.password)).access_token;
    const devId = randomDevId();
    const res = await postJson(
      `${t.url}/api/v2/devs`,
      {
        ...madrid,
        groupData: { name: 'Cabin', id: devId.padEnd(32, '0') },
        dev_id: devId,
        serial_id: '01',
        name: 'Cabin box',
        product_id: '0105',
      },
      token,
    );
    expect(res.status).toBe(201);
    const gw = await gateway(devId);
    await vi.waitFor(() =>
      expect(gw.commands).toContainEqual(
        expect.objectContaining({ method: 'POST', path: '/geo_data', body: madrid }),
      ),
    );
  });
});
