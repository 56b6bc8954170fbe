import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_MAX_RECONNECT_ATTEMPTS,
  SOCKET_NAMESPACE,
  SOCKET_PING_INTERVAL_MS,
  SOCKET_RECONNECT_DELAY_MS,
  type DevData,
  type UpdateEvent,
} from '@hearth/protocol';

/** Events the server sends on a gateway's socket (API.md §7). */
export interface ServerToClientEvents {
  dev_data: (snapshot: DevData) => void;
  update: (event: UpdateEvent) => void;
}

/** Events the app sends. */
export interface ClientToServerEvents {
  dev_data: () => void;
  message: (text: 'ping') => void;
}

export type DeviceSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** connecting → connected; `disconnected` once every reconnection attempt failed. */
export type SocketStatus = 'connecting' | 'connected' | 'disconnected';

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
  reconnectDelayMs?: number;
}

export interface DeviceConnection {
  close: () => void;
  /** Reconnects if needed, else asks for a fresh snapshot (app resume). */
  resume: () => void;
}

/** One socket per gateway, as the wire format wants (spec 3 §4 "Realtime connection"). */
export function connectDeviceSocket(options: DeviceSocketOptions): DeviceConnection {
  const pingMs = options.pingIntervalMs ?? SOCKET_PING_INTERVAL_MS;
  const delayMs = options.reconnectDelayMs ?? SOCKET_RECONNECT_DELAY_MS;
  let socket: DeviceSocket | null = null;
  let closed = false;
  let manualAttempts = 0;
  let ping: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const setQuery = (token: string) => {
    if (socket) socket.io.opts.query = { token, dev_id: options.devId };
  };

  // Refreshes the token kept in the handshake query, so a reconnection hours later is accepted.
  const refreshToken = () =>
    options.getToken().then(setQuery, () => {
      // The HTTP layer already signed the user out when the session is over; nothing to add here.
    });

  /** Reconnects that socket.io leaves to us: a server-side disconnect or a refused handshake. */
  const scheduleManualReconnect = () => {
    if (closed || !socket) return;
    if (manualAttempts >= SOCKET_MAX_RECONNECT_ATTEMPTS) {
      options.onStatus('disconnected');
      return;
    }
    manualAttempts += 1;
    options.onStatus('connecting');
    clearTimeout(retry);
    retry = setTimeout(() => {
      void refreshToken().then(() => {
        if (!closed) socket?.connect();
      });
    }, delayMs);
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
      reconnection: true,
      reconnectionAttempts: SOCKET_MAX_RECONNECT_ATTEMPTS,
      reconnectionDelay: delayMs,
      reconnectionDelayMax: delayMs,
      randomizationFactor: 0,
    });
    socket = s;
    s.on('connect', () => {
      manualAttempts = 0;
      options.onStatus('connected');
      s.emit('dev_data');
    });
    s.on('dev_data', options.onDevData);
    s.on('update', options.onUpdate);
    s.on('disconnect', (reason) => {
      if (closed) return;
      options.onStatus('connecting');
      if (reason === 'io server disconnect') scheduleManualReconnect();
    });
    s.on('connect_error', () => {
      // When the server refused the handshake socket.io does not retry by itself.
      if (!s.active) scheduleManualReconnect();
    });
    s.io.on('reconnect_failed', () => options.onStatus('disconnected'));
    ping = setInterval(() => {
      if (s.connected) s.emit('message', 'ping');
      void refreshToken();
    }, pingMs);
  };

  options.onStatus('connecting');
  options.getToken().then(start, () => options.onStatus('disconnected'));

  return {
    close: () => {
      closed = true;
      clearInterval(ping);
      clearTimeout(retry);
      socket?.removeAllListeners();
      socket?.io.removeAllListeners();
      socket?.disconnect();
    },
    resume: () => {
      if (closed || !socket) return;
      if (socket.connected) {
        socket.emit('dev_data');
        return;
      }
      manualAttempts = 0;
      options.onStatus('connecting');
      void refreshToken().then(() => {
        if (!closed) socket?.connect();
      });
    },
  };
}
