// @vitest-environment node
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { Server, type Socket } from 'socket.io';
import { io as ioClient } from 'socket.io-client';
import {
  SOCKET_MAX_RECONNECT_ATTEMPTS,
  SOCKET_NAMESPACE,
  SOCKET_PING_INTERVAL_MS,
  type DevData,
  type UpdateEvent,
} from '@hearth/protocol';
import { connectDeviceSocket, type DeviceConnection, type SocketStatus } from './device-socket';

const DEV = '0123456789abcdef01';
/** Retries within milliseconds, without chance, so the tests do not wait seconds. */
const FAST = { baseMs: 10, maxMs: 40, jitter: 0, random: () => 0 };
const snapshot: DevData = {
  connected: true,
  away_status: { enabled: false, away: false, forced: false },
  geo_data: {},
  discovery: { discovery: 'off' },
  htr_system: { setup: { power_limit: '0' } },
  pmo_system: { main_circuit_pmos: [], max_power_config: { profiles: [], slots: [] } },
  nodes: [],
};

let http: HttpServer;
let io: Server;
let origin: string;
let connection: DeviceConnection | undefined;

beforeEach(async () => {
  http = createServer();
  io = new Server(http, { path: '/socket.io/', allowEIO3: true });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  connection?.close();
  connection = undefined;
  await new Promise<void>((resolve) => io.close(() => resolve()));
});

/** A promise that a server-side handler settles. */
function nextEvent<T>(register: (resolve: (value: T) => void) => void): Promise<T> {
  return new Promise<T>(register);
}

function open(
  statuses: SocketStatus[],
  handlers: { devData?: (d: DevData) => void; update?: (u: UpdateEvent) => void } = {},
) {
  connection = connectDeviceSocket({
    origin,
    devId: DEV,
    getToken: async () => 'token-1',
    onDevData: handlers.devData ?? (() => undefined),
    onUpdate: handlers.update ?? (() => undefined),
    onStatus: (s) => statuses.push(s),
    pingIntervalMs: 20,
    backoff: FAST,
  });
}

describe('device socket', () => {
  test('joins the namespace with token and dev_id, asks for dev_data and relays updates', async () => {
    const sockets: Socket[] = [];
    io.of(SOCKET_NAMESPACE).on('connection', (socket) => {
      sockets.push(socket);
      socket.on('dev_data', () => socket.emit('dev_data', snapshot));
    });
    const statuses: SocketStatus[] = [];
    const snapshots: DevData[] = [];
    const updates: UpdateEvent[] = [];
    open(statuses, { devData: (d) => snapshots.push(d), update: (u) => updates.push(u) });

    await vi.waitFor(() => expect(snapshots).toEqual([snapshot]));
    expect(sockets[0]?.handshake.query).toMatchObject({ token: 'token-1', dev_id: DEV });
    expect(statuses).toContain('connected');

    const update = { path: '/htr/1/status', body: { mtemp: '20.5' } };
    sockets[0]?.emit('update', update);
    await vi.waitFor(() => expect(updates).toEqual([update]));
  });

  test('pings the server with a "ping" message', async () => {
    const ping = nextEvent<unknown>((resolve) =>
      io.of(SOCKET_NAMESPACE).on('connection', (socket) => socket.on('message', resolve)),
    );
    open([]);
    expect(await ping).toBe('ping');
  });

  test('by default pings every 20 s (spec 3 §4, §9)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      let pings = 0;
      const connected = nextEvent<void>((resolve) =>
        io.of(SOCKET_NAMESPACE).on('connection', (socket) => {
          socket.on('message', () => (pings += 1));
          resolve();
        }),
      );
      connection = connectDeviceSocket({
        origin,
        devId: DEV,
        getToken: async () => 'token-1',
        onDevData: () => undefined,
        onUpdate: () => undefined,
        onStatus: () => undefined,
      });
      await connected;
      vi.advanceTimersByTime(SOCKET_PING_INTERVAL_MS - 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pings).toBe(0);
      vi.advanceTimersByTime(1);
      await vi.waitFor(() => expect(pings).toBe(1));
      expect(SOCKET_PING_INTERVAL_MS).toBe(20_000);
    } finally {
      vi.useRealTimers();
    }
  });

  test("socket.io's own reconnection is off: the retries are the app's, without end", async () => {
    let seen: Record<string, unknown> | undefined;
    const ioFactory = ((url: string, opts: Record<string, unknown>) => {
      seen = opts;
      return ioClient(url, { ...opts, autoConnect: false });
    }) as unknown as typeof ioClient;
    connection = connectDeviceSocket({
      origin,
      devId: DEV,
      getToken: async () => 'token-1',
      onDevData: () => undefined,
      onUpdate: () => undefined,
      onStatus: () => undefined,
      ioFactory,
    });
    await vi.waitFor(() => expect(seen).toBeDefined());
    expect(seen).toMatchObject({
      reconnection: false,
      timeout: 10_000,
      query: { token: 'token-1', dev_id: DEV },
    });
  });

  test('reconnects after the server drops it and asks for dev_data again', async () => {
    let requests = 0;
    const second = nextEvent<void>((resolve) =>
      io.of(SOCKET_NAMESPACE).on('connection', (socket) => {
        socket.on('dev_data', () => {
          requests += 1;
          if (requests === 1) socket.disconnect(true);
          else resolve();
        });
      }),
    );
    open([]);
    await second;
    expect(requests).toBe(2);
  });

  test('a reconnection presents a fresh token', async () => {
    const tokens: unknown[] = [];
    const second = nextEvent<void>((resolve) =>
      io.of(SOCKET_NAMESPACE).on('connection', (socket) => {
        tokens.push(socket.handshake.query.token);
        if (tokens.length === 1) socket.disconnect(true);
        else resolve();
      }),
    );
    let issued = 0;
    connection = connectDeviceSocket({
      origin,
      devId: DEV,
      getToken: async () => `token-${++issued}`,
      onDevData: () => undefined,
      onUpdate: () => undefined,
      onStatus: () => undefined,
      backoff: FAST,
    });
    await second;
    expect(tokens[0]).toBe('token-1');
    expect(tokens[1]).not.toBe('token-1');
  });

  test('resuming the app asks a connected socket for dev_data again', async () => {
    let requests = 0;
    io.of(SOCKET_NAMESPACE).on('connection', (socket) =>
      socket.on('dev_data', () => (requests += 1)),
    );
    const statuses: SocketStatus[] = [];
    open(statuses);
    await vi.waitFor(() => expect(requests).toBe(1));
    connection?.resume();
    await vi.waitFor(() => expect(requests).toBe(2));
  });

  test('never gives up on a server that keeps refusing, and says it refused', async () => {
    let handshakes = 0;
    io.of(SOCKET_NAMESPACE).use((_socket, next) => {
      handshakes += 1;
      next(new Error('unauthorized'));
    });
    const statuses: SocketStatus[] = [];
    open(statuses);
    await vi.waitFor(() => expect(handshakes).toBeGreaterThan(SOCKET_MAX_RECONNECT_ATTEMPTS + 2));
    expect(statuses).toContain('refused');
    // A refusal is the server's answer: it is not told as a server out of reach.
    expect(statuses).not.toContain('unreachable');
    expect(statuses).not.toContain('connected');
  });

  test('a server that stops answering: unreachable after the allowed tries, then live again when it is back', async () => {
    let snapshots = 0;
    io.of(SOCKET_NAMESPACE).on('connection', (socket) =>
      socket.on('dev_data', () => {
        snapshots += 1;
        socket.emit('dev_data', snapshot);
      }),
    );
    const statuses: SocketStatus[] = [];
    open(statuses, { devData: () => undefined });
    await vi.waitFor(() => expect(snapshots).toBe(1));
    const port = (http.address() as AddressInfo).port;

    // The server goes away (a restart): every try fails for a while.
    await new Promise<void>((resolve) => io.close(() => resolve()));
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('unreachable'));
    expect(statuses).toContain('reconnecting');

    // It is back on the same address: the socket comes back by itself and reads the snapshot.
    http = createServer();
    io = new Server(http, { path: '/socket.io/', allowEIO3: true });
    io.of(SOCKET_NAMESPACE).on('connection', (socket) =>
      socket.on('dev_data', () => {
        snapshots += 1;
        socket.emit('dev_data', snapshot);
      }),
    );
    await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
    await vi.waitFor(() => expect(snapshots).toBe(2), { timeout: 3_000 });
    expect(statuses.at(-1)).toBe('connected');
  });
});
