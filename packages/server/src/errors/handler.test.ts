import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES } from '@hearth/protocol';
import { createLogger } from '../logger';
import { ERROR_CATALOGUE, errorHandler, errors, HttpError } from '.';

const logged: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({
    loggerInstance: createLogger('info', {
      write: (line: string) => void logged.push(line),
    }) as FastifyBaseLogger,
    bodyLimit: 64,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/refused', async () => {
    throw errors.missing('home');
  });
  routes.post(
    '/checked',
    { schema: { body: z.object({ name: z.string().max(5) }) } },
    async (request) => request.body,
  );
  routes.get('/broken', async () => {
    throw new Error('password=hunter2 at /srv/db.ts:12');
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the error handler', () => {
  it('answers an error of the module as it is', async () => {
    const res = await app.inject({ method: 'GET', url: '/refused' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Home not found', statusCode: 404, error: 'not_found' });
  });

  it('answers a schema refusal as a 400 that says where and what', async () => {
    const res = await app.inject({ method: 'POST', url: '/checked', payload: { name: 'toolong' } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string }>();
    expect(body).toMatchObject({ statusCode: 400, error: 'validation_failed' });
    expect(body.message).toMatch(/^Invalid body at \/name: /);
  });

  it('answers a body that is not JSON as a 400 validation_failed', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/checked',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'validation_failed' });
  });

  it('answers a body over the limit as a 413 and an unknown content type as a 415', async () => {
    const large = await app.inject({
      method: 'POST',
      url: '/checked',
      payload: { name: 'x'.repeat(100) },
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ statusCode: 413, error: 'validation_failed' });
    const xml = await app.inject({
      method: 'POST',
      url: '/checked',
      headers: { 'content-type': 'text/xml' },
      payload: '<name/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ statusCode: 415, error: 'validation_failed' });
  });

  it('answers an unknown failure as a bare 500 and logs its cause with the request id', async () => {
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: 'Internal server error',
      statusCode: 500,
      error: 'internal_error',
    });
    expect(res.body).not.toContain('hunter2');
    const line = logged.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.err);
    expect(line).toMatchObject({ level: 50, reqId: expect.any(String) });
    expect(JSON.stringify(line)).toContain('/srv/db.ts');
  });
});

describe('the catalogue', () => {
  it('has an entry for every error code of the wire, with a status of its class', () => {
    expect(Object.keys(ERROR_CATALOGUE).sort()).toEqual([...ERROR_CODES].sort());
    expect(ERROR_CATALOGUE.internal_error.status).toBe(500);
    expect(ERROR_CATALOGUE.bad_gateway.status).toBe(502);
    for (const code of ERROR_CODES) {
      if (code === 'internal_error' || code === 'bad_gateway') continue;
      expect(ERROR_CATALOGUE[code].status, code).toBeGreaterThanOrEqual(400);
      expect(ERROR_CATALOGUE[code].status, code).toBeLessThan(500);
    }
  });

  it('gives each factory its code, and a status of its own only where the wire says so', () => {
    expect(errors.unsupportedMediaType().toBody()).toMatchObject({
      statusCode: 415,
      error: 'validation_failed',
    });
    expect(errors.invalidClient('Unknown client_id', 400).toBody()).toEqual({
      message: 'Unknown client_id',
      statusCode: 400,
      error: 'invalid_client',
    });
    expect(errors.tooManyAttempts().toBody()).toEqual({
      message: 'Too many attempts; try again later',
      statusCode: 429,
      error: 'too_many_attempts',
    });
    expect(errors.missing('node')).toBeInstanceOf(HttpError);
    expect(errors.missing('node').message).toBe('Node not found');
    expect(errors.badToken().toBody()).toEqual({
      message: 'Invalid or expired access token',
      statusCode: 401,
      error: 'unauthorized',
    });
  });
});
