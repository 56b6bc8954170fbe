// A thin app socket for benches that hold thousands at once: the Socket.IO protocol (Engine.IO
// 4 over a websocket, docs/wire-contract.md §7) spoken directly over `ws`, without socket.io-client's layers.
// The server cannot tell it from the app's client; on a 2-core machine that also runs the
// servers, 2,000 of these take less CPU than 2,000 socket.io-client sockets, so the bench
// measures the servers more than itself. Handles what a bench needs: the namespace connect,
// pings, events and close; no reconnection, acknowledgements or binary frames.
import WebSocket from 'ws';
import { SOCKET_NAMESPACE } from '@hearth/protocol';

export interface LightSocket {
  on(event: string, listener: (payload: never) => void): void;
  close(): void;
}

const CONNECT = `40${SOCKET_NAMESPACE},`;
const EVENT = `42${SOCKET_NAMESPACE},`;
const ERROR = `44${SOCKET_NAMESPACE},`;

export function openLightSocket(
  baseUrl: string,
  query: Record<string, string>,
  timeoutMs = 20_000,
): Promise<LightSocket> {
  const url = new URL('/socket.io/', baseUrl.replace(/^http/, 'ws'));
  url.search = new URLSearchParams({ ...query, EIO: '4', transport: 'websocket' }).toString();
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const listeners = new Map<string, ((payload: never) => void)[]>();
  const emit = (event: string, payload: unknown) => {
    for (const l of listeners.get(event) ?? []) l(payload as never);
  };
  const socket: LightSocket = {
    on(event, listener) {
      const list = listeners.get(event);
      if (list) list.push(listener);
      else listeners.set(event, [listener]);
    },
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    let open = false;
    const timer = setTimeout(() => fail(new Error('socket connect timed out')), timeoutMs);
    function fail(err: Error) {
      clearTimeout(timer);
      ws.terminate();
      reject(err);
    }
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      const kind = text.charCodeAt(0);
      if (kind === 0x32 /* '2' ping */) return ws.send('3');
      if (kind === 0x30 /* '0' open */) return ws.send(CONNECT);
      if (text.startsWith(EVENT)) {
        const [event, payload] = JSON.parse(text.slice(EVENT.length)) as [string, unknown];
        return emit(event, payload);
      }
      if (text.startsWith(CONNECT)) {
        open = true;
        clearTimeout(timer);
        return resolve(socket);
      }
      if (text.startsWith(ERROR)) fail(new Error(`connect refused: ${text.slice(ERROR.length)}`));
    });
    ws.on('error', (err) => (open ? emit('error', err) : fail(err)));
    ws.on('close', () =>
      open ? emit('disconnect', 'transport close') : fail(new Error('closed')),
    );
  });
}
