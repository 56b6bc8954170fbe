import type { FastifyInstance } from 'fastify';
import type { Histogram } from 'prom-client';

/** The route label of a request no route matched (404s): its URL is never a label. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Times every request the Fastify app answers into the histogram, labelled by method, route
 * pattern (`/api/v2/devs/:dev_id/:type/:addr/status`, never the URL with its ids and tokens)
 * and status code. Added to the root instance before any route, so every route has it.
 */
export function observeRequests(
  app: FastifyInstance,
  histogram: Histogram<'method' | 'route' | 'code'>,
): void {
  app.addHook('onResponse', async (request, reply) => {
    histogram.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
}
