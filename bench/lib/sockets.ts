// App sockets as the app opens them (docs/wire-contract.md §7), websocket-only so any process may take them.
import { io, type Socket } from 'socket.io-client';
import { SOCKET_NAMESPACE } from '@hearth/protocol';

export interface UpdateEvent {
  path: string;
  body: Record<string, unknown>;
}

export function openAppSocket(baseUrl: string, token: string, devId: string): Promise<Socket> {
  const socket = io(`${baseUrl}${SOCKET_NAMESPACE}`, {
    path: '/socket.io/',
    transports: ['websocket'],
    query: { token, dev_id: devId },
    reconnectionDelay: 200,
    reconnectionDelayMax: 2000,
    timeout: 20_000,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Opens sockets with at most `parallel` handshakes in flight, so a 2-core machine keeps up. */
export async function openMany<T, S = Socket>(
  items: T[],
  parallel: number,
  open: (item: T) => Promise<S>,
): Promise<S[]> {
  const out: S[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await open(items[i]!);
      }
    }),
  );
  return out;
}
