import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@hearth/protocol';
import { HttpError } from '../errors';
import { isAppRoute } from './static';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'device_conflict',
  429: 'too_many_changes',
};

/** Every failure leaves as `{message, statusCode, error}`; a 5xx never shows its cause. */
export function installErrorHandling(app: FastifyInstance, opts: { webApp: boolean }): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let body: ErrorBody;
    if (err instanceof HttpError) {
      body = err.toBody();
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = first?.instancePath ? ` at ${first.instancePath}` : '';
      body = {
        message: `Invalid ${err.validationContext ?? 'request'}${where}: ${first?.message ?? 'bad value'}`,
        statusCode: 400,
        error: 'validation_failed',
      };
    } else if (
      typeof err.statusCode === 'number' &&
      err.statusCode >= 400 &&
      err.statusCode < 500
    ) {
      // Fastify's own client errors: bad JSON, unsupported media type, body too large.
      body = {
        message: err.message,
        statusCode: err.statusCode,
        error: CODE_BY_STATUS[err.statusCode] ?? 'validation_failed',
      };
    } else {
      request.log.error({ err }, 'request failed');
      body = { message: 'Internal server error', statusCode: 500, error: 'internal_error' };
    }
    void reply.status(body.statusCode).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    if (opts.webApp && isAppRoute(request)) return reply.type('text/html').sendFile('index.html');
    void reply.status(404).send({
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      statusCode: 404,
      error: 'not_found',
    } satisfies ErrorBody);
  });
}
