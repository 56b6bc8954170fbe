import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * CORS for the listed origins only: an allowed origin may call the API with its bearer token
 * (no cookies are involved, so no credentials mode); any other origin gets no CORS headers and
 * its browser keeps the answer from it. The app served by the server itself is same-origin and
 * needs none of this.
 */
export async function installCors(app: FastifyInstance, origins: readonly string[]) {
  const allowed = new Set(origins);
  await app.register(cors, {
    origin: (origin, done) => done(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language'],
    maxAge: PREFLIGHT_MAX_AGE_S,
  });
}
