import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_NAMESPACE } from '@hearth/protocol';
import { call, homeWorld, type HomeWorld } from '../homes/homes.test-helpers';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';
import { GUEST_SWEEP_INTERVAL_MS, startSharingUpkeep } from './upkeep';

// docs/sharing.md: when access ends or is revoked, open sockets close and tokens stop
// reaching the home within 60 s.
let t: TestHearth;
beforeAll(async () => {
  t = await startTestHearth();
});
afterAll(async () => {
  await t.stop();
});
beforeEach(async () => {
  await t.reset();
});
const open: Socket[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const s of open.splice(0)) s.close();
});

async function watch(token: string, devId: string) {
  const socket = io(`${t.url}${SOCKET_NAMESPACE}`, {
    path: '/socket.io/',
    transports: ['websocket'],
    reconnection: false,
    query: { token, dev_id: devId },
  });
  open.push(socket);
  const state = { closedByServer: false };
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') state.closedByServer = true;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return state;
}

/** What the guest's token still reaches of the home. */
async function reach(w: HomeWorld) {
  const devData = await call('GET', `${t.url}/api/v2/devs/${w.devId}/dev_data`, w.guest);
  const grouped = await call('GET', `${t.url}/api/v2/grouped_devs`, w.guest);
  const geo = await call('GET', `${t.url}/api/v2/groups/${w.homeId}/geo_data`, w.guest);
  return {
    devData: devData.status,
    listed: JSON.stringify(grouped.body).includes(w.homeId),
    geo: geo.status,
  };
}

/** The home's wall clock (Europe/Madrid) `minutes` from now, as a weekly slot's day and time. */
function wall(ms: number): { day: number; hhmm: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Madrid',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '');
  return { day, hhmm: `${parts.hour}:${parts.minute}` };
}

describe('when access ends', () => {
  it('a revoked guest: the socket closes at once and the token reaches nothing of the home', async () => {
    const w = await homeWorld(t);
    expect(await reach(w)).toEqual({ devData: 200, listed: true, geo: 200 });
    const socket = await watch(w.guest, w.devId);
    const revoked = await call('DELETE', `${t.url}/api/v2/users/${w.ownerId}/invite`, w.owner, {
      groupid: w.homeId,
      email: 'guest@example.com',
    });
    expect(revoked.status).toBe(200);
    await vi.waitFor(() => expect(socket.closedByServer).toBe(true));
    expect(await reach(w)).toEqual({ devData: 404, listed: false, geo: 404 });
  });

  it('a guest whose weekly hours end: closed as the minute begins, the token refused from then', async () => {
    const w = await homeWorld(t);
    const now = Date.now();
    const from = wall(now - 60_000);
    const to = wall(now + 120_000);
    const put = await call('PUT', `${t.url}/api/v2/groups/${w.homeId}/members`, w.owner, {
      email: 'guest@example.com',
      role: 'guest',
      scope: { weekly: [{ day: from.day, from: from.hhmm, to: to.hhmm }] },
    });
    expect(put.status).toBe(200);
    expect(await reach(w)).toEqual({ devData: 200, listed: true, geo: 200 });
    const socket = await watch(w.guest, w.devId);
    t.hearth.checkGuestWindows();
    expect(socket.closedByServer).toBe(false);
    // Five minutes on: outside the hours.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + 5 * 60_000);
    t.hearth.checkGuestWindows();
    await vi.waitFor(() => expect(socket.closedByServer).toBe(true));
    expect(await reach(w)).toEqual({ devData: 404, listed: false, geo: 404 });
    const mine = await call('GET', `${t.url}/api/v2/groups/${w.homeId}/my_access`, w.guest);
    expect(mine.body).toMatchObject({ role: 'guest', active: false, problem: 'outside_hours' });
  });

  it("the sweep re-checks every guest's devices well within 60 s, in every process", async () => {
    expect(GUEST_SWEEP_INTERVAL_MS).toBeLessThanOrEqual(30_000);
    const revalidated: string[] = [];
    const upkeep = startSharingUpkeep({
      members: { devIdsWithGuests: async () => ['dev-a', 'dev-b'] },
      activity: { prune: async () => 0 },
      realtime: { revalidate: (devId) => void revalidated.push(devId) },
      log: t.hearth.log,
    });
    await upkeep.sweep();
    await upkeep.stop();
    expect(revalidated).toEqual(['dev-a', 'dev-b']);
  });
});
