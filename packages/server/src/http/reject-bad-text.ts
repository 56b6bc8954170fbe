import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

/**
 * PostgreSQL stores no NUL character in text or jsonb, so a request carrying one would fail
 * in the database as a 500. Refused up front as a 400, whatever the route (found by the
 * endpoint fuzzing, packages/server/src/security/fuzz).
 */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw badRequest('Text may not contain the NUL character');
    }
  });
}
