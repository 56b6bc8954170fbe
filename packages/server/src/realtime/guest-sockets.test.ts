import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_NAMESPACE, type DevData } from '@hearth/protocol';
import {
  createWorld,
  HEATER,
  HEATER_STATUS,
  METER,
  useControlHearth,
  type World,
} from '../devices/control-test-world';
import type { TestHearth } from '../test-support/test-hearth';

// A scoped guest's socket over a real socket.io connection to a real server: it hears only
// the rooms of its scope, and nothing once its dates are over.
let t: TestHearth;
const { gateway } = useControlHearth((started) => (t = started));
const open: Socket[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const s of open.splice(0)) s.close();
});

const BEDROOM = { ...HEATER, name: 'Bedroom', addr: 3 };

interface Listener {
  socket: Socket;
  paths: string[];
  closedByServer: boolean;
}
async function listen(token: string, devId: string): Promise<Listener> {
  const socket = io(`${t.url}${SOCKET_NAMESPACE}`, {
    path: '/socket.io/',
    transports: ['websocket'],
    reconnection: false,
    query: { token, dev_id: devId },
  });
  open.push(socket);
  const l: Listener = { socket, paths: [], closedByServer: false };
  socket.on('update', (u: { path: string }) => void l.paths.push(u.path));
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') l.closedByServer = true;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return l;
}
function connectError(token: string, devId: string): Promise<string> {
  const socket = io(`${t.url}${SOCKET_NAMESPACE}`, {
    path: '/socket.io/',
    transports: ['websocket'],
    reconnection: false,
    query: { token, dev_id: devId },
  });
  open.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) => resolve(err.message));
  });
}
const snapshot = (s: Socket) =>
  new Promise<DevData>((resolve) => {
    s.once('dev_data', resolve);
    s.emit('dev_data');
  });

async function asGuest(w: World, scope: Record<string, unknown>) {
  const res = await fetch(`${t.url}/api/v2/groups/${w.homeId}/members`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${w.owner}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'guest@example.com', role: 'guest', scope }),
  });
  expect(res.status).toBe(200);
}

async function worldWithTwoHeaters(): Promise<World> {
  const w = await createWorld(t);
  await t.repos.nodes.replaceList(w.devId, [HEATER, BEDROOM, METER]);
  await t.repos.nodes.setPart(w.devId, 'htr', 3, 'status', HEATER_STATUS);
  return w;
}

describe("a scoped guest's socket", () => {
  it('hears only the rooms of its scope; owners hear everything', async () => {
    const w = await worldWithTwoHeaters();
    await asGuest(w, { nodes: [{ devId: w.devId, type: 'htr', addr: 2 }] });
    const gw = await gateway(w.devId);
    const guest = await listen(w.guest, w.devId);
    const owner = await listen(w.owner, w.devId);

    const guestView = await snapshot(guest.socket);
    expect(guestView.nodes.map((n) => `${n.type}/${n.addr}`)).toEqual(['htr/2']);
    // The same over REST.
    const rest = async (path: string, token: string) =>
      (
        (await (
          await fetch(`${t.url}/api/v2/devs/${w.devId}/${path}`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { nodes: { type: string; addr: number }[] }
      ).nodes.map((n) => `${n.type}/${n.addr}`);
    expect(await rest('dev_data', w.guest)).toEqual(['htr/2']);
    expect(await rest('mgr/nodes', w.guest)).toEqual(['htr/2']);
    expect(await rest('mgr/nodes', w.owner)).toEqual(['htr/2', 'htr/3', 'pmo/5']);
    expect((await snapshot(owner.socket)).nodes.map((n) => `${n.type}/${n.addr}`)).toEqual([
      'htr/2',
      'htr/3',
      'pmo/5',
    ]);

    // The bedroom and the meter first, the shared room last: once the guest heard the last,
    // it would have heard the others (one server, one order).
    await gw.publishUp('/htr/3/status', { ...HEATER_STATUS, mtemp: '18.0' });
    await gw.publishUp('/pmo/5/power', { power: '1200' });
    await gw.publishUp('/mgr/nodes', {
      nodes: [HEATER, BEDROOM, METER].map(({ name, addr, type, installed, lost }) => ({
        name,
        addr,
        type,
        installed,
        lost,
      })),
    });
    await gw.publishUp('/htr/2/status', { ...HEATER_STATUS, mtemp: '20.0' });
    await vi.waitFor(() => expect(guest.paths).toContain('/htr/2/status'));
    await vi.waitFor(() => expect(owner.paths).toContain('/htr/2/status'));
    expect(owner.paths).toEqual(
      expect.arrayContaining(['/htr/3/status', '/pmo/5/power', '/mgr/nodes', '/htr/2/status']),
    );
    expect(guest.paths.filter((p) => p !== '/mgr/rtc/time' && p !== '/connected')).toEqual([
      '/htr/2/status',
    ]);
  });

  it('a guest without rooms in its scope hears the whole device, as before', async () => {
    const w = await worldWithTwoHeaters();
    await asGuest(w, { maxC: 22 });
    const gw = await gateway(w.devId);
    const guest = await listen(w.guest, w.devId);
    expect((await snapshot(guest.socket)).nodes).toHaveLength(3);
    await gw.publishUp('/htr/3/status', { ...HEATER_STATUS, mtemp: '18.0' });
    await vi.waitFor(() => expect(guest.paths).toContain('/htr/3/status'));
  });

  it('is refused outside its dates and closed as they end', async () => {
    const w = await worldWithTwoHeaters();
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    // Over yesterday (the home has no zone: UTC).
    await asGuest(w, { validTo: day(-1) });
    expect(await connectError(w.guest, w.devId)).toBe('not_found');
    // Starts tomorrow.
    await asGuest(w, { validFrom: day(1) });
    expect(await connectError(w.guest, w.devId)).toBe('not_found');

    // Today only: connected now, closed once today is over, and told nothing after.
    await asGuest(w, { validTo: day(0), nodes: [{ devId: w.devId, type: 'htr', addr: 2 }] });
    const gw = await gateway(w.devId);
    const guest = await listen(w.guest, w.devId);
    await gw.publishUp('/htr/2/status', HEATER_STATUS);
    await vi.waitFor(() => expect(guest.paths).toContain('/htr/2/status'));
    const tomorrow = new Date(`${day(1)}T00:00:00Z`).getTime();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(tomorrow);
    t.hearth.checkGuestWindows();
    await vi.waitFor(() => expect(guest.closedByServer).toBe(true));
  });

  it("closes at once when the owner changes the guest's rooms, so it reconnects with the new ones", async () => {
    const w = await worldWithTwoHeaters();
    await asGuest(w, { nodes: [{ devId: w.devId, type: 'htr', addr: 2 }] });
    const guest = await listen(w.guest, w.devId);
    const owner = await listen(w.owner, w.devId);
    await asGuest(w, { nodes: [{ devId: w.devId, type: 'htr', addr: 3 }] });
    await vi.waitFor(() => expect(guest.closedByServer).toBe(true));
    expect(owner.socket.connected).toBe(true);
    const again = await listen(w.guest, w.devId);
    expect((await snapshot(again.socket)).nodes.map((n) => `${n.type}/${n.addr}`)).toEqual([
      'htr/3',
    ]);
  });
});
