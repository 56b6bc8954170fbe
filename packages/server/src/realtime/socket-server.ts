import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { Server, type Socket } from 'socket.io';
import { createShardedAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import {
  SOCKET_NAMESPACE,
  type ClientToServerEvents,
  type DevData,
  type ErrorCode,
  type ServerToClientEvents,
} from '@hearth/protocol';
import type { TokenSigner } from '../auth/jwt';
import type { Logger } from '../logger';
import type { ClientAddress } from './client-address';
import { coalesceUpgradedWrites } from './coalesced-writes';
import {
  guestRoom,
  guestSnapshot,
  hasWindow,
  roomsOf,
  sameView,
  windowClosed,
  type GuestView,
} from './guest-view';
import { acceptNamespaceQuery } from './namespace-query';
import { HANDSHAKE_ROOM, handshakeRoom, networkRoom, type RoomSink } from './realtime.emitter';

const PRIMARY_PATH = '/socket.io/';
const ALIAS_PATH = '/api/v2/socket_io';

interface SocketData {
  userId: string;
  /** The sign-in of the token the socket connected with. */
  sid: string;
  devId: string;
  /** The client's network address, for `dev_id=*` sockets only. */
  address?: string;
  /** A guest's scope, read at connection; undefined for owners and residents. */
  guest?: GuestView;
}
type HearthSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

export interface RealtimeDeps {
  signer: TokenSigner;
  /** The device's snapshot when the user may see it, undefined otherwise. */
  snapshotFor(userId: string, devId: string): Promise<DevData | undefined>;
  canSee(userId: string, devId: string): Promise<boolean>;
  /** A guest's scope on the device's home; undefined for its owner and residents. */
  guestViewOf?(userId: string, devId: string): Promise<GuestView | undefined>;
  /** The owner of the home a device was added to; undefined while nobody has added it. */
  registrantOf(devId: string): Promise<string | undefined>;
  /** The socket's client address (X-Forwarded-For per TRUST_PROXY). */
  clientAddress: ClientAddress;
  /**
   * Where gateways connect from, known with the embedded broker only (an external broker
   * does not tell): a gateway's address, and the gateways at an address, newest first.
   */
  gateways?: {
    addressOf(devId: string): string | undefined;
    at(address: string): string[];
  };
  redisUrl: string | undefined;
  /** Origins whose pages may use the polling transport cross-origin (CORS_ORIGINS). */
  corsOrigins: readonly string[];
  log: Logger;
}

/**
 * Engine.IO serves one path; requests on the smartbox alias path are rewritten to it
 * before Engine.IO sees them, so both paths share one server, one adapter and one set of rooms.
 */
function aliasPath(server: HttpServer): void {
  const rewrite = (req: IncomingMessage) => {
    const url = req.url ?? '';
    if (
      url === ALIAS_PATH ||
      url.startsWith(`${ALIAS_PATH}/`) ||
      url.startsWith(`${ALIAS_PATH}?`)
    ) {
      req.url = PRIMARY_PATH + url.slice(ALIAS_PATH.length).replace(/^\/?/, '');
    }
  };
  server.prependListener('request', rewrite);
  server.prependListener('upgrade', (req: IncomingMessage, _socket: Duplex, _head: Buffer) =>
    rewrite(req),
  );
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return undefined;
}

/**
 * The two Redis connections of the cross-process adapter. It uses Redis 7's sharded pub/sub
 * with a channel per room ("dynamic" subscriptions): a process subscribes to the room of each
 * device it holds a socket of, so an update reaches only the processes that deliver it,
 * instead of every process decoding every update of the fleet.
 *
 * Redis down: realtime degrades to each process's own sockets and recovers by itself.
 * - Publishing never waits for Redis: the adapter awaits the publish before delivering to
 *   this process's own sockets, so the publish answers at once and a failure is only logged;
 *   while Redis is unreachable publishes are dropped (no offline queue), not replayed late.
 *   The adapter's own requests (fetchSockets across processes) fail fast meanwhile.
 * - Subscriptions wait for Redis as long as it takes (a room opened while it was down is
 *   subscribed once it is back), and ioredis subscribes every channel again after a reconnect.
 */
function redisAdapterClients(url: string, log: Logger): { pub: Redis; sub: Redis } {
  const pub = new Redis(url, { enableOfflineQueue: false });
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  for (const client of [pub, sub]) {
    client.on('error', (err: unknown) => log.debug({ err }, 'realtime: Redis unavailable'));
  }
  // Older Redis refuses sharded pub/sub; say so once instead of failing every subscription quietly.
  pub.once('ready', () => {
    pub.info('server').then(
      (info) => {
        const major = Number(/redis_version:(\d+)/.exec(info)?.[1]);
        if (major < 7) {
          log.error(
            { redisVersion: major },
            'realtime: Redis 7 or later is needed; updates will not cross processes',
          );
        }
      },
      () => undefined,
    );
  });
  // Publishes of one event-loop turn (a stored batch of reports emits many updates) go out
  // as one pipeline: one write to Redis instead of one per update.
  let queued: [channel: string, message: string | Buffer][] = [];
  const flush = () => {
    const batch = queued;
    queued = [];
    const pipeline = pub.pipeline();
    for (const [channel, message] of batch) pipeline.spublish(channel, message);
    pipeline.exec().catch((err: unknown) => {
      log.debug({ err, dropped: batch.length }, 'realtime: cross-process publish dropped');
    });
  };
  (pub as unknown as { spublish: (c: string, m: string | Buffer) => Promise<number> }).spublish = (
    channel,
    message,
  ) => {
    if (queued.length === 0) setImmediate(flush);
    queued.push([channel, message]);
    return Promise.resolve(0);
  };
  // The adapter leaves a refused (un)subscription unhandled, which would end the process.
  for (const name of ['ssubscribe', 'sunsubscribe'] as const) {
    const call = sub[name].bind(sub) as (...channels: string[]) => Promise<unknown>;
    (sub as unknown as Record<string, typeof call>)[name] = (...channels) => {
      const done = call(...channels);
      done.catch((err: unknown) => log.debug({ err }, `realtime: Redis ${name} failed`));
      return done;
    };
  }
  return { pub, sub };
}

export function createSocketServer(httpServer: HttpServer, deps: RealtimeDeps) {
  const { log } = deps;
  const io = new Server<
    ClientToServerEvents,
    ServerToClientEvents,
    Record<string, never>,
    SocketData
  >(httpServer, {
    path: PRIMARY_PATH,
    allowEIO3: true,
    // The same origins as the REST API (security/cors.ts); no cookie is involved.
    cors: { origin: [...deps.corsOrigins], credentials: false },
    // Other upgrade handlers (the MQTT WebSocket) share this HTTP server.
    destroyUpgrade: false,
  });
  aliasPath(httpServer);
  coalesceUpgradedWrites(httpServer);
  acceptNamespaceQuery(io, SOCKET_NAMESPACE);
  const redis: Redis[] = [];
  if (deps.redisUrl) {
    const { pub, sub } = redisAdapterClients(deps.redisUrl, log);
    redis.push(pub, sub);
    io.adapter(createShardedAdapter(pub, sub, { subscriptionMode: 'dynamic' }));
  }

  const nsp = io.of(SOCKET_NAMESPACE);
  /** A refused handshake: the client's connect_error carries the wire's error code. */
  const refusal = (code: ErrorCode) => new Error(code);
  nsp.use(async (socket, next) => {
    // EIO3 clients can only send credentials in the query (docs/stack-notes.md 13).
    const params: Record<string, unknown> = { ...socket.handshake.query, ...socket.handshake.auth };
    const token = textOf(params.token);
    const devId = textOf(params.dev_id);
    try {
      const claims = token ? await deps.signer.verify(token) : undefined;
      if (!claims) return next(refusal('unauthorized'));
      // `*` waits for a new gateway (dev_handshake) and sees no device's data.
      const waiting = devId === HANDSHAKE_ROOM;
      if (!devId || (!waiting && !(await deps.canSee(claims.userId, devId))))
        return next(refusal('not_found'));
      const address = waiting ? deps.clientAddress(socket.request) : undefined;
      const guest = waiting ? undefined : await deps.guestViewOf?.(claims.userId, devId);
      socket.data = { userId: claims.userId, sid: claims.sid, devId, address, guest };
      next();
    } catch (err) {
      log.error({ err }, 'socket handshake failed');
      next(refusal('internal_error'));
    }
  });
  /** Unclaimed gateways already connected from the address, newest first (a LAN search). */
  async function announceNearby(socket: HearthSocket, address: string) {
    try {
      for (const devId of deps.gateways?.at(address) ?? []) {
        if (!(await deps.registrantOf(devId))) socket.emit('dev_handshake', { dev_id: devId });
      }
    } catch (err) {
      log.warn({ err }, 'realtime: connected gateways not announced');
    }
  }

  nsp.on('connection', (socket: HearthSocket) => {
    const { userId, devId, address, guest } = socket.data;
    if (devId === HANDSHAKE_ROOM) {
      void socket.join(handshakeRoom(userId));
      if (address !== undefined) {
        void socket.join(networkRoom(address));
        void announceNearby(socket, address);
      }
    } else void socket.join(roomsOf(devId, guest));
    socket.on('dev_data', async () => {
      if (devId === HANDSHAKE_ROOM) return;
      try {
        if (guest && windowClosed(guest)) return void socket.disconnect(true);
        const snapshot = await deps.snapshotFor(userId, devId);
        if (!snapshot) socket.disconnect(true);
        else socket.emit('dev_data', guest ? guestSnapshot(snapshot, devId, guest) : snapshot);
      } catch (err) {
        log.error({ err, devId }, 'dev_data snapshot failed');
      }
    });
    // Clients ping every 20 s to keep proxies from closing the socket; nothing to answer.
    socket.on('message', () => undefined);
  });

  // A guest's dates and weekly hours end on a minute of the home's wall clock: each process
  // checks its own guest sockets as each minute begins, and closes those whose access ended,
  // so none hears an update after it (besides the sweep's re-check of the database).
  let minuteTimer: NodeJS.Timeout | undefined;
  const checkWindows = () => {
    const now = Date.now();
    for (const socket of nsp.sockets.values()) {
      const { guest } = socket.data;
      if (guest && hasWindow(guest) && windowClosed(guest, now)) socket.disconnect(true);
    }
  };
  const everyMinute = () => {
    minuteTimer = setTimeout(
      () => {
        checkWindows();
        everyMinute();
      },
      60_000 - (Date.now() % 60_000) + 5,
    );
    minuteTimer.unref();
  };
  everyMinute();

  const sink: RoomSink = {
    emitToRoom(room, event, ...args) {
      nsp.to(room).emit(event, ...args);
    },
    async handshake(devId, { firstTime }) {
      try {
        const userId = await deps.registrantOf(devId);
        if (userId) {
          if (firstTime) nsp.to(handshakeRoom(userId)).emit('dev_handshake', { dev_id: devId });
          return;
        }
        // Unclaimed: only the browsers on the gateway's own network may find it.
        const address = deps.gateways?.addressOf(devId);
        if (address !== undefined) {
          nsp.to(networkRoom(address)).emit('dev_handshake', { dev_id: devId });
        }
      } catch (err) {
        log.warn({ err, devId }, 'realtime: dev_handshake not sent');
      }
    },
    async revalidateRoom(room) {
      try {
        // fetchSockets reaches the sockets of every process through the adapter; while Redis
        // is unreachable, this process still closes its own.
        // The device's own room and its guests' (guest-view.ts).
        const rooms = [room, guestRoom(room)];
        const sockets = await nsp
          .in(rooms)
          .fetchSockets()
          .catch((err: unknown) => {
            log.warn(
              { err, room },
              'realtime: other processes unreachable; re-checking local sockets',
            );
            return nsp.in(rooms).local.fetchSockets();
          });
        for (const socket of sockets) {
          const { userId, guest } = socket.data as SocketData;
          if (!(await deps.canSee(userId, room))) {
            socket.disconnect(true);
            continue;
          }
          // Rights changed (a resident made a guest, another scope): the client connects
          // again and hears what it now may.
          const now = await deps.guestViewOf?.(userId, room);
          if (deps.guestViewOf && !sameView(guest, now)) socket.disconnect(true);
        }
      } catch (err) {
        log.warn({ err, room }, 'realtime: could not re-check access of open sockets');
      }
    },
  };

  return {
    sink,
    /** Closes this process's sockets of ended sessions (each process hears of every ending). */
    endSessions(sids: readonly string[]) {
      const ended = new Set(sids);
      for (const socket of nsp.sockets.values()) {
        if (ended.has(socket.data.sid)) socket.disconnect(true);
      }
    },
    /** App sockets connected to this process (for /metrics). */
    connectedSockets: (): number => nsp.sockets.size,
    /** Whether updates cross to the other processes now; undefined without Redis. */
    redisReady: (): boolean | undefined =>
      redis.length === 0 ? undefined : redis.every((r) => r.status === 'ready'),
    /**
     * Drops every app socket's connection without a namespace disconnect, so that clients see
     * a lost transport and reconnect at once (to another process behind the proxy) instead of
     * staying away as after a server-side disconnect. Used when the process drains.
     */
    reconnectElsewhere(): void {
      io.engine.close();
    },
    /** Closes this process's guest sockets whose dates or weekly hours have ended. */
    checkGuestWindows: checkWindows,
    async close() {
      clearTimeout(minuteTimer);
      nsp.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        // io.close() also closes the HTTP server; the owner closes that separately.
        io.engine.close();
        void io.of('/').adapter.close?.();
        resolve();
      });
      // quit() waits for a reply, which a Redis that is down never sends.
      await Promise.all(
        redis.map((r) =>
          r.status === 'ready'
            ? r.quit().catch((err: unknown) => log.warn({ err }, 'redis quit failed'))
            : r.disconnect(),
        ),
      );
    },
  };
}
export type SocketServer = ReturnType<typeof createSocketServer>;
