import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { isAppRoute } from './static';

const get = (url: string) => ({ method: 'GET', url }) as FastifyRequest;

describe('isAppRoute', () => {
  it('answers the app for confirmation links ending in a dotted serial id', () => {
    expect(isAppRoute(get('/registration-confirm/01.01?user=u&code=c'))).toBe(true);
    expect(isAppRoute(get('/password-reset-confirm/15.01.02?user=u&code=c'))).toBe(true);
    expect(isAppRoute(get('/login/register'))).toBe(true);
  });

  it('leaves missing assets and API paths as 404', () => {
    expect(isAppRoute(get('/assets/missing.js'))).toBe(false);
    expect(isAppRoute(get('/favicon.ico'))).toBe(false);
    expect(isAppRoute(get('/api/v2/nothing'))).toBe(false);
    expect(isAppRoute({ method: 'POST', url: '/login' } as FastifyRequest)).toBe(false);
  });
});
