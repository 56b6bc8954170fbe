import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../logger';
import type { Metrics } from './metrics';

export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries the token, compared in constant time. */
function carriesToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!.trim()), digest(token));
}

/**
 * GET /metrics on a listener of its own (METRICS_PORT, on METRICS_HOST: loopback unless said
 * otherwise), apart from the public port, so that neither a proxy nor an Ingress in front of
 * the server ever exposes it. With a token, only a request with `Authorization: Bearer <token>`
 * is answered (Prometheus: `authorization: { credentials_file: … }`); any other gets 401.
 */
export function createMetricsServer(
  metrics: Pick<Metrics, 'text' | 'contentType'>,
  opts: { port: number; host: string; token: string | undefined; log: Logger },
) {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (opts.token !== undefined && !carriesToken(request.headers.authorization, opts.token)) {
      response
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' })
        .end('unauthorized\n');
      return;
    }
    metrics.text().then(
      (body) => {
        response.writeHead(200, { 'content-type': metrics.contentType });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (err: unknown) => {
        opts.log.error({ err }, 'metrics: scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
      },
    );
  });
  // A scrape is one short request; keep no idle connection that would hold up a close.
  server.keepAliveTimeout = 0;
  let url: string | undefined;
  return {
    async listen(): Promise<string> {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(opts.port, opts.host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const { port } = server.address() as AddressInfo;
      const host = opts.host === '0.0.0.0' || opts.host === '::' ? '127.0.0.1' : opts.host;
      url = `http://${host.includes(':') ? `[${host}]` : host}:${port}${METRICS_PATH}`;
      return url;
    },
    url: () => url,
    close(): Promise<void> {
      if (!server.listening) return Promise.resolve();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
export type MetricsServer = ReturnType<typeof createMetricsServer>;
