import { z } from 'zod';
import type { DevData, UpdateEvent } from '../wire';

/** `dev_handshake`: a gateway came online for a `dev_id=*` socket (docs/wire-contract.md §7). */
export interface DevHandshakeEvent {
  dev_id: string;
}

/**
 * Events the server sends on an app socket (docs/wire-contract.md §7), as socket.io's typed
 * `Server<ClientToServerEvents, ServerToClientEvents>` and `Socket<ServerToClientEvents,
 * ClientToServerEvents>` take them.
 */
export interface ServerToClientEvents {
  dev_data: (snapshot: DevData) => void;
  update: (event: UpdateEvent) => void;
  dev_handshake: (event: DevHandshakeEvent) => void;
}

/** The keep-alive text an app sends every SOCKET_PING_INTERVAL_MS. */
export const SOCKET_PING = 'ping';

/** Events an app sends: ask for a fresh snapshot, and the keep-alive ping. */
export interface ClientToServerEvents {
  dev_data: () => void;
  message: (text: typeof SOCKET_PING) => void;
}

/** What the server checks of a client's `message` before reading it (nothing else is sent). */
export const clientMessageSchema = z.literal(SOCKET_PING);

/** What the app checks of an incoming `update` event before reading its path. */
export const updateEventSchema = z.object({ path: z.string(), body: z.unknown() });
