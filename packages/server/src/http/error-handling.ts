import type { FastifyInstance } from 'fastify';
import { errorHandler, errors } from '../errors';
import { isAppRoute } from './static';

/**
 * Every failure leaves through the error module's one handler; an unknown API route is a 404
 * of the same shape, while an app route gets the web app (history fallback).
 */
export function installErrorHandling(app: FastifyInstance, opts: { webApp: boolean }): void {
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    if (opts.webApp && isAppRoute(request)) return reply.type('text/html').sendFile('index.html');
    const body = errors.notFound(`Route ${request.method} ${request.url.split('?')[0]} not found`);
    void reply.status(body.statusCode).send(body.toBody());
  });
}
