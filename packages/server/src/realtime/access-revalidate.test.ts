import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_NAMESPACE } from '@hearth/protocol';
import { call, homeWorld, type HomeWorld } from '../homes/homes.test-helpers';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';

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

/** An app socket for one device that records whether the server closed it. */
async function openSocket(token: string, devId: string) {
  const socket: Socket = io(`${t.url}${SOCKET_NAMESPACE}`, {
    path: '/socket.io/',
    transports: ['websocket'],
    reconnection: false,
    query: { token, dev_id: devId },
  });
  const state = { closedByServer: false };
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') state.closedByServer = true;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, state };
}

describe('open sockets when access to a device ends', () => {
  let w: HomeWorld;
  beforeEach(async () => {
    w = await homeWorld(t);
  });

  it('disconnects a revoked guest and keeps the owner connected', async () => {
    const guest = await openSocket(w.guest, w.devId);
    const owner = await openSocket(w.owner, w.devId);
    const res = await call('DELETE', `${t.url}/api/v2/users/${w.ownerId}/invite`, w.owner, {
      groupid: w.homeId,
      email: 'guest@example.com',
    });
    expect(res.status).toBe(200);
    await vi.waitFor(() => expect(guest.state.closedByServer).toBe(true));
    expect(owner.socket.connected).toBe(true);
    expect(owner.state.closedByServer).toBe(false);
    owner.socket.close();
  });

  it('disconnects everyone watching a device its owner deleted', async () => {
    const guest = await openSocket(w.guest, w.devId);
    const owner = await openSocket(w.owner, w.devId);
    expect((await call('DELETE', `${t.url}/api/v2/devs/${w.devId}`, w.owner)).status).toBe(200);
    await vi.waitFor(() => {
      expect(guest.state.closedByServer).toBe(true);
      expect(owner.state.closedByServer).toBe(true);
    });
  });
});
