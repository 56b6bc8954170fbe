import type { FastifyInstance } from 'fastify';

/**
 * Smartbox clients send `Content-Type: application/json` with every call, also on the calls
 * that take no body (DELETE of a device, the test notification). Fastify's own parser refuses
 * such an empty body with a 400; here it reads as no body, so the route's schema decides (an
 * optional body passes, a required one is still a 400). Anything else goes through Fastify's
 * parser, with its protection against `__proto__` and `constructor` keys.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parse(request, text, done);
  });
}
