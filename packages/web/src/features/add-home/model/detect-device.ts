import { io } from 'socket.io-client';
import { SMARTBOX_DISCOVERY_TIMEOUT_MS, SOCKET_NAMESPACE } from '@hearth/protocol';

/**
 * Spec 2 §4 "Ethernet detection": look for a new smartbox. A browser cannot scan the local
 * network, so the web asks the server's realtime channel (dev_id `*`), which answers a
 * `dev_handshake` with the id of a gateway that has just connected; 30 s at most.
 */
export type Detector = (signal: AbortSignal) => Promise<string>;

export function socketDetector(origin: string, getToken: () => Promise<string>): Detector {
  return async (signal) => {
    const token = await getToken();
    return new Promise<string>((resolve, reject) => {
      const socket = io(`${origin}${SOCKET_NAMESPACE}`, {
        path: '/socket.io/',
        query: { token, dev_id: '*' },
        reconnection: false,
        transports: ['websocket'],
      });
      const finish = (fn: () => void) => {
        clearTimeout(timer);
        socket.close();
        fn();
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error('detection timed out'))),
        SMARTBOX_DISCOVERY_TIMEOUT_MS,
      );
      signal.addEventListener('abort', () => finish(() => reject(new Error('aborted'))));
      socket.on('connect_error', (err) => finish(() => reject(err)));
      socket.on('dev_handshake', (body: { dev_id?: unknown }) => {
        if (typeof body?.dev_id === 'string') finish(() => resolve(body.dev_id as string));
      });
    });
  };
}

/** Demo mode: a sample device is found after 5 s. */
export function demoDetector(sampleDevId: string, delayMs: number): Detector {
  return (signal) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve(sampleDevId), delayMs);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      });
    });
}
