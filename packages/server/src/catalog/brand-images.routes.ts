import { readFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../errors';

/** Logos shipped with Hearth; an operator's DATA_DIR/branding/img/<file> wins over them. */
export const BUNDLED_BRAND_IMAGES = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../assets/brand-img',
);

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};

/** One file name, no folders: the name alone decides which file is read. */
export const BRAND_IMAGE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}\.(svg|png|jpe?g|webp)$/;

const params = z.object({
  file: z
    .string()
    .max(100)
    .regex(BRAND_IMAGE_FILE, 'must be an image file name (svg, png, jpg or webp), no folders')
    .refine((f) => !f.includes('..'), 'must not contain ".."'),
});

async function readFirst(paths: string[]): Promise<Buffer | undefined> {
  for (const path of paths) {
    try {
      return await readFile(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return undefined;
}

// Logos change rarely but operators may replace them: browsers revalidate after an hour.
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * Logo assets (spec 1 §7): {host}/webapp/v3/img/{file} and {host}/webapp/v3/assets/{file}.
 * Both read the operator's folder first, then the bundled logos.
 */
export async function brandImageRoutes(
  app: FastifyInstance,
  dataDir: string | undefined,
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const prefix of ['/webapp/v3/img', '/webapp/v3/assets']) {
    routes.get(
      `${prefix}/:file`,
      { schema: { tags: ['config'], summary: 'Brand logo or image', params } },
      async (request, reply) => {
        const { file } = request.params;
        const candidates = [
          ...(dataDir ? [join(dataDir, 'branding', 'img', file)] : []),
          join(BUNDLED_BRAND_IMAGES, file),
        ];
        const body = await readFirst(candidates);
        if (!body) throw errors.notFound(`no brand image named ${file}`);
        const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
        return reply
          .header('content-type', type)
          .header('cache-control', CACHE_CONTROL)
          .header('x-content-type-options', 'nosniff')
          .send(body);
      },
    );
  }
}
