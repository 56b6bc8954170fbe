import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLIENT_DATA_FILES, type ClientDataFile } from '@hearth/protocol';
import { errors } from '../errors';
import { StaticConfig } from './static-config';

/**
 * A serial id names a folder under DATA_DIR/client-data, so it may hold only letters, digits,
 * dot, dash and underscore, must start with a letter or digit and never contain `..`.
 */
export const SERIAL_ID_PATTERN = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const clientDataParams = z.object({
  serialId: z
    .string()
    .max(64)
    .regex(SERIAL_ID_PATTERN, 'must be letters, digits, ".", "_" or "-", without ".."'),
  file: z.string().min(1).max(100),
});

const FILE_BY_NAME = new Map<string, ClientDataFile>(
  CLIENT_DATA_FILES.map((f) => [`${f}.json`, f]),
);

// Operators edit these files while the server runs; a browser must not keep a stale copy.
const NO_STORE = 'no-cache';

export async function configRoutes(
  app: FastifyInstance,
  dataDir: string | undefined,
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = new StaticConfig(dataDir, app.log);

  routes.get(
    '/webapp/v3/json/brands.json',
    { schema: { tags: ['config'], summary: 'Branding per 2-character serial key' } },
    async (_request, reply) => reply.header('cache-control', NO_STORE).send(await config.brands()),
  );

  routes.get(
    '/client-data/:serialId/:file',
    {
      schema: {
        tags: ['config'],
        summary: 'Client data of a brand (spec 1 §7)',
        params: clientDataParams,
      },
    },
    async (request, reply) => {
      const file = FILE_BY_NAME.get(request.params.file);
      if (!file) {
        throw errors.notFound(
          `unknown client-data file; expected one of ${[...FILE_BY_NAME.keys()].join(', ')}`,
        );
      }
      return reply
        .header('cache-control', NO_STORE)
        .send(await config.clientData(request.params.serialId, file));
    },
  );

  routes.get(
    '/assets/maxPowerConfig.json',
    { schema: { tags: ['config'], summary: 'Values of the max power modal (W)' } },
    async (_request, reply) =>
      reply.header('cache-control', NO_STORE).send(await config.maxPowerConfig()),
  );
}
