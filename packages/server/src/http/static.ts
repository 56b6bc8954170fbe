import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const NON_APP_PREFIXES = ['/api/', '/client/', '/client-data/', '/webapp/', '/socket.io/', '/mqtt'];

/** Serves the built web app when it exists; returns whether it does. */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, { root: webDist, wildcard: true, index: ['index.html'] });
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
