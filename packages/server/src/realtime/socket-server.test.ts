import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { io as ioV4, type Socket } from 'socket.io-client';
import ioV2 from 'socket.io-client-v2';
import { SOCKET_NAMESPACE, type DevData, type UpdateEvent } from '@hearth/protocol';
import { login } from '../test-support/http';
import {
  createHomeWithDevice,
  createUser,
  randomDevId,
  startTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';

let t: TestHearth;
const closers: Array<() => void> = [];
beforeAll(async () => {
  t = await startTestHearth();
});
afterAll(() => t.stop());
beforeEach(async () => {
  for (const close of closers.splice(0)) close();
  await t.reset();
});

async function world() {
  const owner = await createUser(t.repos, 'owner@example.com');
  const stranger = await createUser(t.repos, 'stranger@example.com');
  const { devId } = await createHomeWithDevice(t.repos, owner.id, randomDevId());
  await t.repos.nodes.replaceList(devId, [
    { name: 'Lounge', addr: 2, type: 'htr', installed: true, lost: false },
  ]);
  return {
    devId,
    owner: (await login(t.url, owner.email, owner.password)).access_token,
    stranger: (await login(t.url, stranger.email, stranger.password)).access_token,
  };
}

function v4(path: string, query: Record<string, string>, auth?: Record<string, string>): Socket {
  const socket = ioV4(`${t.url}${SOCKET_NAMESPACE}`, {
    path,
    query,
    auth,
    forceNew: true,
    reconnection: false,
  });
  closers.push(() => socket.disconnect());
  return socket;
}

interface Connectable {
  once(event: string, listener: (arg: unknown) => void): unknown;
}

/** 'connected', or the reason the server refused the namespace. */
function outcome(socket: Connectable): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) =>
      resolve(err instanceof Error ? err.message : String(err)),
    );
    // socket.io-client 2 reports a middleware refusal as `error` with the message text.
    socket.once('error', (err) => resolve(err instanceof Error ? err.message : String(err)));
  });
}

describe('realtime socket', () => {
  it('answers dev_data with the snapshot on both Engine.IO paths', async () => {
    const w = await world();
    for (const path of ['/socket.io/', '/api/v2/socket_io']) {
      const socket = v4(path, { token: w.owner, dev_id: w.devId });
      expect(await outcome(socket)).toBe('connected');
      const snapshot = new Promise<DevData>((resolve) => socket.once('dev_data', resolve));
      socket.emit('message', 'ping');
      socket.emit('dev_data');
      const body = await snapshot;
      expect(body).toMatchObject({
        connected: false,
        nodes: [{ name: 'Lounge', addr: 2, type: 'htr' }],
      });
    }
  });

  it('reads token and dev_id from auth as well as the query', async () => {
    const w = await world();
    expect(await outcome(v4('/socket.io/', {}, { token: w.owner, dev_id: w.devId }))).toBe(
      'connected',
    );
  });

  it('rejects a missing or bad token, a stranger and an unknown device', async () => {
    const w = await world();
    expect(await outcome(v4('/socket.io/', { dev_id: w.devId }))).toBe('unauthorized');
    expect(await outcome(v4('/socket.io/', { token: 'nope', dev_id: w.devId }))).toBe(
      'unauthorized',
    );
    expect(await outcome(v4('/socket.io/', { token: w.stranger, dev_id: w.devId }))).toBe(
      'not_found',
    );
    expect(await outcome(v4('/socket.io/', { token: w.owner, dev_id: randomDevId() }))).toBe(
      'not_found',
    );
  });

  it('serves Engine.IO v3 clients (socket.io-client 2) with the credentials in the query', async () => {
    const w = await world();
    for (const path of ['/socket.io', '/api/v2/socket_io']) {
      const socket = ioV2(`${t.url}${SOCKET_NAMESPACE}`, {
        path,
        query: { token: w.owner, dev_id: w.devId },
        forceNew: true,
        reconnection: false,
      });
      closers.push(() => socket.close());
      const snapshot = new Promise<DevData>((resolve) =>
        socket.once('dev_data', (d) => resolve(d as DevData)),
      );
      const updates: UpdateEvent[] = [];
      socket.on('update', (u) => updates.push(u as UpdateEvent));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.emit('dev_data');
      expect((await snapshot).nodes).toHaveLength(1);
      const gwDevId = w.devId;
      // A write from REST reaches the old client as an update.
      const res = await fetch(`${t.url}/api/v2/devs/${gwDevId}/htr/2/status`, {
        method: 'POST',
        headers: { authorization: `Bearer ${w.owner}`, 'content-type': 'application/json' },
        body: JSON.stringify({ mode: 'auto' }),
      });
      expect(res.status).toBe(200);
      await vi.waitFor(() =>
        expect(updates).toContainEqual({
          path: '/htr/2/status',
          body: expect.objectContaining({ mode: 'auto', sync_status: 'pending' }),
        }),
      );
    }
  });

  it('takes token and dev_id from the namespace query of an Engine.IO v4 client, as the Python smartbox client sends them', async () => {
    const w = await world();
    /** Engine.IO v4 long-polling, packet by packet, as python-socketio speaks it. */
    async function pollingClient() {
      const base = `${t.url}/socket.io/?EIO=4&transport=polling`;
      const open = await (await fetch(base)).text();
      const { sid } = JSON.parse(open.slice(1)) as { sid: string };
      const url = `${base}&sid=${sid}`;
      return {
        send: async (packet: string) => {
          await (await fetch(url, { method: 'POST', body: `4${packet}` })).text();
        },
        receive: async () => (await (await fetch(url)).text()).split('\x1e'),
        close: () => fetch(url, { method: 'POST', body: '1' }),
      };
    }
    const query = (token: string) =>
      `${SOCKET_NAMESPACE}?token=${encodeURIComponent(token)}&dev_id=${w.devId}`;

    const owner = await pollingClient();
    closers.push(() => void owner.close());
    await owner.send(`0${query(w.owner)}`);
    const [connected] = await owner.receive();
    expect(connected).toMatch(new RegExp(`^40${SOCKET_NAMESPACE},\\{"sid":`));
    await owner.send(`2${SOCKET_NAMESPACE},["dev_data"]`);
    const [event] = await owner.receive();
    const [name, snapshot] = JSON.parse((event ?? '').slice(`42${SOCKET_NAMESPACE},`.length)) as [
      string,
      DevData,
    ];
    expect(name).toBe('dev_data');
    expect(snapshot.nodes).toMatchObject([{ name: 'Lounge', addr: 2 }]);

    const stranger = await pollingClient();
    closers.push(() => void stranger.close());
    await stranger.send(`0${query(w.stranger)}`);
    expect(await stranger.receive()).toEqual([`44${SOCKET_NAMESPACE},{"message":"not_found"}`]);
  });

  it('refuses an Engine.IO v3 client without access', async () => {
    const w = await world();
    const socket = ioV2(`${t.url}${SOCKET_NAMESPACE}`, {
      path: '/socket.io',
      query: { token: w.stranger, dev_id: w.devId },
      forceNew: true,
      reconnection: false,
    });
    closers.push(() => socket.close());
    expect(await outcome(socket)).toBe('not_found');
  });
});
