import type { FastifyInstance, FastifyReply } from 'fastify';

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE_S = 600;
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
// With the brand headers a client may send on any call (docs/wire-contract.md §1: `x-serialid`, `x-referer`).
const HEADERS = 'Authorization, Content-Type, Accept, Accept-Language, X-SerialId, X-Referer';
// Answer headers a page may read beyond the CORS-safelisted ones: the wait of a 429 (the app
// tells "Try again in N minutes" from it, ruling D12).
const EXPOSED = 'Retry-After';

function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = typeof current === 'string' ? current.split(/\s*,\s*/).filter(Boolean) : [];
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) fields.push(field);
  void reply.header('vary', fields.join(', '));
}

/**
 * CORS for the listed origins only: a request from one of them gets its origin back (and
 * `Vary: Origin`), a preflight from one of them is answered 204 with the methods and headers the
 * API takes; no cookie is involved, so credentials mode stays off. Requests from anywhere else,
 * the app's own pages included, get no CORS header at all, so the answers the app and its
 * service worker cache are the same as without CORS (a `Vary: Origin` on them would keep the
 * offline cache from matching the app's own script requests).
 */
export function installCors(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin)) return;
    void reply.header('access-control-allow-origin', origin);
    void reply.header('access-control-expose-headers', EXPOSED);
    addVary(reply, 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      void reply.header('access-control-allow-methods', METHODS);
      void reply.header('access-control-allow-headers', HEADERS);
      void reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S));
      return reply.code(204).send();
    }
  });
}
