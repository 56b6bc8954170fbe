import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_VERSION } from './version';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
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
        response: { 200: z.object({ major: z.string(), minor: z.string(), subminor: z.string(), commit: z.string() }) },
      },
    },
    async () => SERVER_VERSION,
  );
};
