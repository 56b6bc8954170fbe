import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { SOCKET_NAMESPACE } from '@hearth/protocol';
import { login } from '../test-support/http';
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

function waiting(query: Record<string, string>): Socket {
  const socket = io(`${t.url}${SOCKET_NAMESPACE}`, {
    path: '/socket.io/',
    query,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  open.push({ end: () => socket.disconnect() });
  return socket;
}

async function gateway(devId: string): Promise<TestGateway> {
  const gw = await connectGateway(t.hearth.gatewayMqttUrl(), devId, t.hearth.gatewaySecret(devId));
  open.push(gw);
  return gw;
}

describe('dev_id=* (adding a device)', () => {
  it('yields dev_handshake when an unclaimed gateway connects, not for a claimed one', async () => {
    const user = await createUser(t.repos, 'adder@example.com');
    const { devId: claimed } = await createHomeWithDevice(t.repos, user.id, randomDevId());
    const token = (await login(t.url, user.email, user.password)).access_token;
    const socket = waiting({ token, dev_id: '*' });
    const handshakes: unknown[] = [];
    const other: unknown[] = [];
    socket.on('dev_handshake', (e: unknown) => handshakes.push(e));
    socket.on('update', (e: unknown) => other.push(e));
    socket.on('dev_data', (e: unknown) => other.push(e));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    socket.emit('dev_data');
    await gateway(claimed);
    const fresh = randomDevId();
    await gateway(fresh);
    await vi.waitFor(() => expect(handshakes).toEqual([{ dev_id: fresh }]));
    await t.hearth.gatewayIdle();
    expect(handshakes).toEqual([{ dev_id: fresh }]);
    expect(other).toEqual([]);
  });

  it('refuses dev_id=* without a valid token', async () => {
    const socket = waiting({ token: 'nope', dev_id: '*' });
    const error = await new Promise<string>((resolve) =>
      socket.once('connect_error', (err: Error) => resolve(err.message)),
    );
    expect(error).toBe('unauthorized');
  });
});
