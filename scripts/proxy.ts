// A small reverse proxy for HTTP and WebSocket upgrades in front of several Hearth
// processes (docs/operations.md "Production mode"). Routing:
//   - Engine.IO long-polling, and an upgrade that continues a polling session (it carries
//     `sid`), must reach the process that holds the session: hashed by client address.
//   - Everything else (REST, websocket-only sockets) goes round-robin to the live processes.
// A process that refuses connections is skipped for a while and the request tried on the
// next one; that is safe even for a POST, because a refused connection never reached a server.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';

export interface Backend {
  host: string;
  port: number;
}

export interface Proxy {
  url: string;
  port: number;
  close(): Promise<void>;
  /** Requests and upgrades routed to each backend so far, by index. */
  routed: number[];
  /** The proxy's own process, when it runs in one (startProxyProcess). */
  pid?: number;
}

const ENGINE_PATHS = ['/socket.io/', '/api/v2/socket_io'];
const DOWN_FOR_MS = 1000;
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade']);

function isEngineIo(url: string): boolean {
  return ENGINE_PATHS.some((p) => url.startsWith(p));
}

/** Engine.IO requests that belong to a session held by one process. */
function needsStickiness(req: IncomingMessage): boolean {
  const url = req.url ?? '/';
  if (!isEngineIo(url)) return false;
  const query = new URL(url, 'http://x').searchParams;
  return query.get('transport') === 'polling' || query.has('sid');
}

function hashIndex(text: string, n: number): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0) % n;
}

export async function startProxy(opts: {
  backends: Backend[];
  port: number;
  host?: string;
}): Promise<Proxy> {
  const { backends } = opts;
  const downUntil = backends.map(() => 0);
  const routed = backends.map(() => 0);
  let next = 0;

  /** Backends in the order to try them: the preferred one first, live ones before down ones. */
  function order(req: IncomingMessage): number[] {
    const n = backends.length;
    const first = needsStickiness(req) ? hashIndex(req.socket.remoteAddress ?? '', n) : next++ % n;
    const all = Array.from({ length: n }, (_, i) => (first + i) % n);
    const now = Date.now();
    return [...all.filter((i) => downUntil[i]! <= now), ...all.filter((i) => downUntil[i]! > now)];
  }

  function forwardHeaders(req: IncomingMessage): http.OutgoingHttpHeaders {
    const headers: http.OutgoingHttpHeaders = { ...req.headers };
    const prior = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = [prior, req.socket.remoteAddress].filter(Boolean).join(', ');
    return headers;
  }

  function onRequest(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => attempt(order(req), Buffer.concat(chunks)));
    req.on('error', () => res.destroy());

    function attempt(candidates: number[], body: Buffer): void {
      const index = candidates[0];
      if (index === undefined) {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(
          '{"message":"no server process is reachable","statusCode":502,"error":"bad_gateway"}',
        );
        return;
      }
      const backend = backends[index]!;
      const headers = forwardHeaders(req);
      for (const h of HOP_HEADERS) delete headers[h];
      headers['content-length'] = String(body.length);
      const upstream = http.request(
        { host: backend.host, port: backend.port, method: req.method, path: req.url, headers },
        (up) => {
          routed[index]!++;
          const out: http.OutgoingHttpHeaders = {};
          for (const [k, v] of Object.entries(up.headers)) if (!HOP_HEADERS.has(k)) out[k] = v;
          res.writeHead(up.statusCode ?? 502, out);
          up.pipe(res);
        },
      );
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED' && !res.headersSent) {
          downUntil[index] = Date.now() + DOWN_FOR_MS;
          attempt(candidates.slice(1), body);
        } else if (err.code === 'ECONNRESET' && upstream.reusedSocket && !res.headersSent) {
          // A kept-alive connection the process closed as idle (it drains, docs/operations.md):
          // the request never reached it, so it goes to the next process.
          attempt(candidates.slice(1), body);
        } else if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end('{"message":"server process failed","statusCode":502,"error":"bad_gateway"}');
        } else {
          res.destroy();
        }
      });
      upstream.end(body);
    }
  }

  const tunnels = new Set<Duplex>();
  function onUpgrade(req: IncomingMessage, client: Duplex, head: Buffer): void {
    tunnels.add(client);
    client.on('close', () => tunnels.delete(client));
    client.on('error', () => client.destroy());
    attempt(order(req));

    function attempt(candidates: number[]): void {
      const index = candidates[0];
      if (index === undefined) {
        client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\n');
        return;
      }
      const backend = backends[index]!;
      const upstream = net.connect(backend.port, backend.host);
      upstream.once('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED') {
          downUntil[index] = Date.now() + DOWN_FOR_MS;
          attempt(candidates.slice(1));
        } else {
          client.destroy();
        }
      });
      upstream.once('connect', () => {
        routed[index]!++;
        upstream.setNoDelay(true);
        const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
        const headers = forwardHeaders(req);
        for (const [k, v] of Object.entries(headers)) {
          for (const value of Array.isArray(v) ? v : [v]) {
            if (value !== undefined) lines.push(`${k}: ${value}`);
          }
        }
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length > 0) upstream.write(head);
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        upstream.pipe(client);
        client.pipe(upstream);
      });
    }
  }

  const server = http.createServer(onRequest);
  server.on('upgrade', onUpgrade);
  server.on('connection', (s: net.Socket) => s.setNoDelay(true));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1';
  return {
    url: `http://${host}:${port}`,
    port,
    routed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of tunnels) t.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type ProxyOptions = Parameters<typeof startProxy>[0];
interface ProxyReport {
  port?: number;
  routed?: number[];
}

/**
 * The same proxy in a process of its own, as a load balancer in front of a deployment is.
 * Benches whose clients carry much traffic use it, so that relaying the sockets' frames does
 * not share an event loop with the clients that measure them. `routed` follows the child's
 * counts a moment late.
 */
export async function startProxyProcess(opts: ProxyOptions): Promise<Proxy> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, HEARTH_PROXY_OPTIONS: JSON.stringify(opts) },
  });
  const routed = opts.backends.map(() => 0);
  const port = await new Promise<number>((resolvePort, reject) => {
    child.on('message', (m: ProxyReport) => {
      if (m.routed) routed.splice(0, routed.length, ...m.routed);
      if (m.port !== undefined) resolvePort(m.port);
    });
    child.once('exit', (code) => reject(new Error(`proxy process exited (${code})`)));
  });
  const host = opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1';
  return {
    url: `http://${host}:${port}`,
    port,
    routed,
    pid: child.pid,
    close: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

// The child of startProxyProcess: serves, reports its port and its routing counts.
if (
  process.env.HEARTH_PROXY_OPTIONS &&
  process.send &&
  resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)
) {
  const send = (m: ProxyReport) => process.send?.(m);
  const proxy = await startProxy(JSON.parse(process.env.HEARTH_PROXY_OPTIONS) as ProxyOptions);
  send({ port: proxy.port });
  let last = '';
  const counts = setInterval(() => {
    const now = proxy.routed.join();
    if (now !== last) send({ routed: proxy.routed });
    last = now;
  }, 250);
  const stop = () => {
    clearInterval(counts);
    void proxy.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  // The parent went away without stopping it: nothing is left to serve.
  process.once('disconnect', stop);
}
