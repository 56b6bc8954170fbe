import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Readiness } from './readiness';
import { serverVersion } from './version';

const dependencyState = z.enum(['ok', 'down', 'off']);
const readinessBody = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), dependencyState),
  /** gateway_messages_dropped: gateway messages refused as malformed, misshapen or too large. */
  counters: z.record(z.string(), z.number().int()),
});

export function systemRoutes(opts: {
  commit: string;
  readiness: Readiness;
}): FastifyPluginAsyncZod {
  const version = serverVersion(opts.commit);
  return async (app) => {
    app.get(
      '/ready',
      {
        schema: {
          tags: ['service'],
          description:
            'Whether this process can serve: its database, MQTT broker and Redis (off when not configured). 503 while one is down, so that a load balancer routes around it; /health_check only says the process runs.',
          response: { 200: readinessBody, 503: readinessBody },
        },
      },
      async (_request, reply) => {
        const { ready, checks, counters } = await opts.readiness.check();
        return reply
          .code(ready ? 200 : 503)
          .send({ status: ready ? 'ok' : 'unavailable', checks, counters });
      },
    );
    app.get(
      '/health_check',
      {
        schema: {
          tags: ['service'],
          summary: 'Whether the process runs (see /ready for whether it can serve)',
          response: { 200: z.object({ message: z.literal('ok') }) },
        },
      },
      async () => ({ message: 'ok' as const }),
    );
    app.get(
      '/version',
      {
        schema: {
          tags: ['service'],
          summary: "The server's version and commit",
          response: {
            200: z.object({
              major: z.string(),
              minor: z.string(),
              subminor: z.string(),
              commit: z.string(),
            }),
          },
        },
      },
      async () => version,
    );
  };
}
