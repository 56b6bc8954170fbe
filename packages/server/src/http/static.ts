import { existsSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const NON_APP_PREFIXES = ['/api/', '/client/', '/client-data/', '/webapp/', '/socket.io/', '/mqtt'];

/** A year: the longest lifetime caches honour; the file's name changes with its content. */
export const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Everything else may be kept but is checked (ETag / Last-Modified) before each use. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/** Vite's content hash in an emitted file's name: `index-B1x_9aZq.js`. */
const HASHED_NAME = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/i;
const PRECOMPRESSED = /\.(br|gz)$/;

/**
 * The Cache-Control of a file of the built app, by its path under the app's folder. Only the
 * content-hashed files under assets/ are immutable; index.html, the service worker (which the
 * browser must always revalidate to learn of a new build), the manifest and the public files
 * keep their names across builds, so they are revalidated.
 */
export function cacheControlFor(pathInApp: string): string {
  const path = pathInApp.split(sep).join('/').replace(PRECOMPRESSED, '');
  return path.startsWith('assets/') && HASHED_NAME.test(basename(path))
    ? HASHED_ASSET_CACHE_CONTROL
    : REVALIDATE_CACHE_CONTROL;
}

/**
 * Serves the built web app when it exists; returns whether it does. The build writes brotli
 * and gzip copies next to its text files (packages/web/scripts/precompress-plugin.ts), sent
 * to browsers that accept them; a file without a copy goes out as it is.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  // A Vary the reply already holds (CORS adds Origin on every answer) would replace the file's
  // own (Accept-Encoding, set below on the raw response) when the headers are written: keep both.
  app.addHook('onSend', async (_request, reply, payload) => {
    const file = reply.raw.getHeader('vary');
    const hooked = reply.getHeader('vary');
    if (
      typeof file === 'string' &&
      typeof hooked === 'string' &&
      !hooked
        .toLowerCase()
        .split(/\s*,\s*/)
        .includes(file.toLowerCase())
    ) {
      void reply.header('vary', `${hooked}, ${file}`);
    }
    return payload;
  });
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', cacheControlFor(relative(webDist, path)));
      // The same URL answers differently by Accept-Encoding: shared caches must keep both.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  return true;
}

/** History-mode routing: an unknown page URL is the app's own route, so it gets index.html. */
export function isAppRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '';
  if (NON_APP_PREFIXES.some((p) => path.startsWith(p))) return false;
  // A missing asset (has an extension) stays a 404 rather than answering HTML. An extension
  // has a letter: confirmation links end in a dotted serial id such as /registration-confirm/01.01.
  return !/\.[a-z0-9]*[a-z][a-z0-9]*$/i.test(path);
}
