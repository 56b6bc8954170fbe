import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serverVersion } from './version';

export function systemRoutes(opts: { commit: string }): FastifyPluginAsyncZod {
  const version = serverVersion(opts.commit);
  return async (app) => {
    app.get(
      '/health_check',
      { schema: { tags: ['service'], response: { 200: z.object({ message: z.literal('ok') }) } } },
      async () => ({ message: 'ok' as const }),
    );
    app.get(
      '/version',
      {
        schema: {
          tags: ['service'],
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
