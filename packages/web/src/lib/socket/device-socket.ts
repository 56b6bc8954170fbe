import { io, type Socket } from 'socket.io-client';
import {
  HTTP_TIMEOUT_MS,
  SOCKET_MAX_RECONNECT_ATTEMPTS,
  SOCKET_NAMESPACE,
  SOCKET_PING,
  SOCKET_PING_INTERVAL_MS,
  type ClientToServerEvents,
  type DevData,
  type ServerToClientEvents,
  type UpdateEvent,
} from '@hearth/protocol';
import { createReconnector, type BackoffOptions } from './reconnect-policy';
import { onWake } from './wake';

export type DeviceSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Where a gateway's socket stands. `reconnecting`: lost or not yet made, trying again;
 * `unreachable`: the server has not answered SOCKET_MAX_RECONNECT_ATTEMPTS tries in a row (still
 * trying); `refused`: the server answered but refused this gateway's socket (still trying: a
 * renewed token or restored access may let it in). None of these says anything of the gateway
 * itself: that is its own `connected` report.
 */
export const SOCKET_STATUSES = [
  'connecting',
  'connected',
  'reconnecting',
  'unreachable',
  'refused',
] as const;
export type SocketStatus = (typeof SOCKET_STATUSES)[number];

export interface DeviceSocketOptions {
  origin: string;
  devId: string;
  /** Resolves to a valid access token (renewed when close to expiry). */
  getToken: () => Promise<string>;
  onDevData: (snapshot: DevData) => void;
  onUpdate: (event: UpdateEvent) => void;
  onStatus: (status: SocketStatus) => void;
  /** Replaced in tests that run against a local server. */
  ioFactory?: typeof io;
  pingIntervalMs?: number;
  /** The retry delays; tests make them short. */
  backoff?: BackoffOptions;
}

export interface DeviceConnection {
  close: () => void;
  /** Reconnects at once if needed, else asks for a fresh snapshot (app resume). */
  resume: () => void;
}

/** A refused handshake is the server's answer; anything else means it was not reached. */
function refusedByServer(error: Error & { data?: unknown }, socket: DeviceSocket): boolean {
  return !socket.active || error.data !== undefined;
}

/**
 * One socket per gateway, as the wire format wants (spec 3 §4 "Realtime connection"). It never
 * gives up: lost or refused, it tries again with backoff while the app is visible, at once when
 * the app comes back (wake.ts), and asks for a fresh `dev_data` snapshot on every connection.
 */
export function connectDeviceSocket(options: DeviceSocketOptions): DeviceConnection {
  const pingMs = options.pingIntervalMs ?? SOCKET_PING_INTERVAL_MS;
  let socket: DeviceSocket | null = null;
  let closed = false;
  let everConnected = false;
  let ping: ReturnType<typeof setInterval> | undefined;

  const setQuery = (token: string) => {
    if (socket) socket.io.opts.query = { token, dev_id: options.devId };
  };

  // Refreshes the token kept in the handshake query, so a reconnection hours later is accepted.
  const refreshToken = () =>
    options.getToken().then(setQuery, () => {
      // The HTTP layer already signed the user out when the session is over; nothing to add here.
    });

  // An attempt renews the token first (a reconnection hours later must present a valid one).
  const attempt = () => {
    options.getToken().then(
      (token) => {
        if (closed) return;
        if (!socket) return start(token);
        setQuery(token);
        socket.connect();
      },
      // A refused renewal signs the user out (HTTP layer) and closes this; anything else is
      // a server not reached, tried again later.
      () => lost(false),
    );
  };
  const reconnector = createReconnector({ backoff: options.backoff, attempt });

  /** An attempt failed or the connection dropped: say where it stands, try again later. */
  const lost = (refused: boolean) => {
    if (closed) return;
    reconnector.failed();
    if (refused) options.onStatus('refused');
    else if (reconnector.failures() >= SOCKET_MAX_RECONNECT_ATTEMPTS)
      options.onStatus('unreachable');
    else options.onStatus(everConnected ? 'reconnecting' : 'connecting');
  };

  const start = (token: string) => {
    if (closed) return;
    const factory = options.ioFactory ?? io;
    const s: DeviceSocket = factory(`${options.origin}${SOCKET_NAMESPACE}`, {
      path: '/socket.io/',
      // A WebSocket at once, long-polling only where it fails: the polling start and upgrade
      // cost each gateway's socket several requests and a busy main thread on a slow phone.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      query: { token, dev_id: options.devId },
      // The retries are ours (reconnect-policy.ts): socket.io's stop after a server-side
      // disconnect or a refused handshake, and cannot be told to try at once.
      reconnection: false,
      // A connection that opens but never completes its handshake (a proxy closing it, a half-open
      // network) counts as failed after the time any call gets, not socket.io's 20 s.
      timeout: HTTP_TIMEOUT_MS,
    });
    socket = s;
    s.on('connect', () => {
      everConnected = true;
      reconnector.succeeded();
      options.onStatus('connected');
      s.emit('dev_data');
    });
    s.on('dev_data', options.onDevData);
    s.on('update', options.onUpdate);
    s.on('disconnect', (reason) => {
      if (reason !== 'io client disconnect') lost(false);
    });
    s.on('connect_error', (error) => lost(refusedByServer(error, s)));
    ping = setInterval(() => {
      if (s.connected) s.emit('message', SOCKET_PING);
      void refreshToken();
    }, pingMs);
  };

  const stopWake = onWake(() => {
    if (!closed && !socket?.connected) reconnector.now();
  });
  options.onStatus('connecting');
  attempt();

  return {
    close: () => {
      closed = true;
      stopWake();
      reconnector.stop();
      clearInterval(ping);
      socket?.removeAllListeners();
      socket?.io.removeAllListeners();
      socket?.disconnect();
    },
    resume: () => {
      if (closed) return;
      if (socket?.connected) socket.emit('dev_data');
      else reconnector.now();
    },
  };
}
