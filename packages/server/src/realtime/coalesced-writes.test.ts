import { createServer as createHttpServer } from 'node:http';
import { createServer, connect, type AddressInfo, type Socket as NetSocket } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io as ioClient } from 'socket.io-client';
import { coalesceUpgradedWrites, coalesceWrites } from './coalesced-writes';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** Counts the writes a connection hands to the operating system (one per system call). */
function countWrites(connection: Duplex): { calls: number; chunks: number } {
  const seen = { calls: 0, chunks: 0 };
  const inner = connection as unknown as {
    _write: (...args: unknown[]) => void;
    _writev: (chunks: unknown[], cb: unknown) => void;
  };
  const write = inner._write.bind(connection);
  const writev = inner._writev.bind(connection);
  inner._write = (...args) => {
    seen.calls++;
    seen.chunks++;
    write(...args);
  };
  inner._writev = (chunks, cb) => {
    seen.calls++;
    seen.chunks += chunks.length;
    writev(chunks, cb);
  };
  return seen;
}

/** A TCP connection on loopback: the client end, and the server's end once accepted. */
async function tcpPair(): Promise<{ client: NetSocket; accepted: Promise<NetSocket> }> {
  const listener = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => listener.once('listening', resolve));
  cleanups.push(() => new Promise((done) => listener.close(done)));
  const accepted = new Promise<NetSocket>((resolve) => listener.once('connection', resolve));
  const client = connect((listener.address() as AddressInfo).port, '127.0.0.1');
  cleanups.push(() => client.destroy());
  return { client, accepted };
}

describe('coalesceWrites', () => {
  it('sends what one turn writes in one write, and a later turn in its own', async () => {
    const { client, accepted } = await tcpPair();
    let received = '';
    client.setEncoding('utf8').on('data', (text: string) => (received += text));
    const server = await accepted;
    cleanups.push(() => server.destroy());

    coalesceWrites(server);
    const writes = countWrites(server);
    server.write('one ');
    server.write('two ');
    server.write('three ');
    expect(writes.calls).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual({ calls: 1, chunks: 3 });

    server.write('four');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual({ calls: 2, chunks: 4 });
    await expect.poll(() => received).toBe('one two three four');
  });

  it('leaves a connection that ends in the same turn with everything it wrote', async () => {
    const { client, accepted } = await tcpPair();
    let received = '';
    const ended = new Promise((resolve) => client.once('end', resolve));
    client.setEncoding('utf8').on('data', (text: string) => (received += text));
    const server = await accepted;

    coalesceWrites(server);
    server.write('last ');
    server.end('words');
    await ended;
    expect(received).toBe('last words');
  });
});

describe('coalesceUpgradedWrites', () => {
  it('delivers every event of a turn in order, in fewer writes than events', async () => {
    const http = createHttpServer();
    const connections: Duplex[] = [];
    http.on('upgrade', (_req, connection: Duplex) => connections.push(connection));
    coalesceUpgradedWrites(http);
    const io = new Server(http);
    cleanups.push(() => new Promise((done) => io.close(() => done(undefined))));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    const client = ioClient(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    cleanups.push(() => client.disconnect());
    const serverSocket = await new Promise<ServerSocket>((resolve) =>
      io.once('connection', resolve),
    );
    await new Promise<void>((resolve) =>
      client.connected ? resolve() : client.once('connect', () => resolve()),
    );
    // Let the handshake's own writes settle before counting.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(connections).toHaveLength(1);
    const writes = countWrites(connections[0]!);

    const got: number[] = [];
    const all = new Promise<void>((resolve) =>
      client.on('update', (n: number) => {
        got.push(n);
        if (got.length === 5) resolve();
      }),
    );
    for (let n = 1; n <= 5; n++) serverSocket.emit('update', n);
    await all;
    expect(got).toEqual([1, 2, 3, 4, 5]);
    expect(writes.calls).toBeLessThan(5);
  });
});
