import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_NAMESPACE, type UpdateEvent } from '@hearth/protocol';
import { createTokenSigner } from '../auth/jwt';
import { redisService, type OwnService } from '../cluster/fault-services';
import { createLogger } from '../logger';
import { randomDevId } from '../test-support/test-hearth';
import { createClientAddress } from './client-address';
import { createSocketServer, type SocketServer } from './socket-server';

const signer = createTokenSigner('cross-process-test-secret');
/** Who may see which device: shared by both "processes", changed by the tests. */
const access = new Map<string, Set<string>>();

interface Process {
  url: string;
  realtime: SocketServer;
  http: HttpServer;
}

async function startProcess(redisUrl: string): Promise<Process> {
  const http = createServer();
  const realtime = createSocketServer(http, {
    signer,
    snapshotFor: async () => undefined,
    canSee: async (userId, devId) => access.get(devId)?.has(userId) ?? false,
    registrantOf: async () => undefined,
    clientAddress: createClientAddress(false),
    redisUrl,
    corsOrigins: [],
    log: createLogger('silent'),
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  const { port } = http.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, realtime, http };
}

async function stopProcess(p: Process | undefined): Promise<void> {
  if (!p) return;
  await p.realtime.close();
  await new Promise((resolve) => p.http.close(resolve));
}

const sockets: Socket[] = [];
async function openSocket(p: Process, userId: string, devId: string) {
  const token = await signer.sign({
    userId,
    serialId: '01.01',
    email: `${userId}@x`,
    scope: '',
    sid: 'cross-process',
  });
  const socket = io(`${p.url}${SOCKET_NAMESPACE}`, {
    path: '/socket.io/',
    transports: ['websocket'],
    reconnection: false,
    query: { token, dev_id: devId },
  });
  sockets.push(socket);
  const updates: UpdateEvent[] = [];
  const state = { closedByServer: false };
  socket.on('update', (u: UpdateEvent) => updates.push(u));
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') state.closedByServer = true;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, updates, state };
}

/** How many processes subscribe to the room channel of a device (Redis sharded pub/sub). */
async function roomSubscribers(redis: Redis, devId: string): Promise<number> {
  const reply = (await redis.call(
    'PUBSUB',
    'SHARDNUMSUB',
    `socket.io#${SOCKET_NAMESPACE}#${devId}#`,
  )) as [string, number];
  return Number(reply[1]);
}

// Two server processes' realtime (two socket servers in one test process) on one Redis.
describe.runIf(process.env.TEST_REDIS_URL)('realtime across processes', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? '';
  let a: Process;
  let b: Process;
  let redis: Redis;
  beforeAll(async () => {
    a = await startProcess(redisUrl);
    b = await startProcess(redisUrl);
    redis = new Redis(redisUrl);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(async () => {
    await stopProcess(a);
    await stopProcess(b);
    redis?.disconnect();
  });

  it('carries an update to the process holding the socket, which alone subscribes to the room', async () => {
    const devId = randomDevId();
    access.set(devId, new Set(['u1']));
    expect(await roomSubscribers(redis, devId)).toBe(0);
    const onB = await openSocket(b, 'u1', devId);
    await vi.waitFor(async () => expect(await roomSubscribers(redis, devId)).toBe(1));

    a.realtime.sink.emitToRoom(devId, 'update', { path: '/htr/1/status', body: { stemp: '21.0' } });
    await vi.waitFor(() =>
      expect(onB.updates).toEqual([{ path: '/htr/1/status', body: { stemp: '21.0' } }]),
    );
    // The emitting process holds no socket of the device: nothing comes back to it.
    expect(await roomSubscribers(redis, devId)).toBe(1);

    onB.socket.close();
    await vi.waitFor(async () => expect(await roomSubscribers(redis, devId)).toBe(0));
  });

  it('delivers to sockets of the device on both processes exactly once each', async () => {
    const devId = randomDevId();
    access.set(devId, new Set(['u1']));
    const onA = await openSocket(a, 'u1', devId);
    const onB = await openSocket(b, 'u1', devId);
    await vi.waitFor(async () => expect(await roomSubscribers(redis, devId)).toBe(2));
    for (let i = 0; i < 5; i++) {
      b.realtime.sink.emitToRoom(devId, 'update', { path: '/rtc/time', body: { n: i } });
    }
    const expected = [0, 1, 2, 3, 4].map((n) => ({ path: '/rtc/time', body: { n } }));
    await vi.waitFor(() => {
      expect(onA.updates).toEqual(expected);
      expect(onB.updates).toEqual(expected);
    });
  });

  it('closes a socket on the other process when its user may no longer see the device', async () => {
    const devId = randomDevId();
    access.set(devId, new Set(['owner', 'guest']));
    const guest = await openSocket(b, 'guest', devId);
    const owner = await openSocket(b, 'owner', devId);
    access.get(devId)?.delete('guest');
    await a.realtime.sink.revalidateRoom(devId);
    await vi.waitFor(() => expect(guest.state.closedByServer).toBe(true));
    expect(owner.socket.connected).toBe(true);
  });
});

// The same two processes on a Redis of the test's own, which it kills and brings back.
describe.runIf(process.env.TEST_REDIS_URL)('realtime across processes while Redis is down', () => {
  let redis: OwnService;
  let a: Process;
  let b: Process;
  beforeAll(async () => {
    redis = await redisService();
    await redis.start();
    a = await startProcess(redis.url);
    b = await startProcess(redis.url);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(async () => {
    await stopProcess(a);
    await stopProcess(b);
    await redis?.dispose();
  });

  it('delivers locally meanwhile, and subscribes a room opened meanwhile once Redis is back', async () => {
    const devId = randomDevId();
    access.set(devId, new Set(['u1']));
    await redis.stop();
    // Opened while Redis is down: its room's subscription waits for Redis.
    const onB = await openSocket(b, 'u1', devId);
    b.realtime.sink.emitToRoom(devId, 'update', { path: '/rtc/time', body: { n: 'local' } });
    a.realtime.sink.emitToRoom(devId, 'update', { path: '/rtc/time', body: { n: 'lost' } });
    await vi.waitFor(() => expect(onB.updates.map((u) => u.body)).toContainEqual({ n: 'local' }));

    await redis.start();
    let n = 0;
    await vi.waitFor(
      () => {
        a.realtime.sink.emitToRoom(devId, 'update', { path: '/rtc/time', body: { n: n++ } });
        expect(onB.updates.some((u) => typeof (u.body as { n?: unknown }).n === 'number')).toBe(
          true,
        );
      },
      { timeout: 20_000, interval: 300 },
    );
    // What A emitted while Redis was down is not replayed late.
    expect(onB.updates.map((u) => u.body)).not.toContainEqual({ n: 'lost' });
  });
});
