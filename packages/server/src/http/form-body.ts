import type { FastifyInstance } from 'fastify';
import { errors } from '../errors';

const FORM = 'application/x-www-form-urlencoded';

/**
 * Form bodies only where a route declares them (`schema.consumes`): the OAuth token endpoint,
 * which RFC 6749 has take them. Every other route takes JSON alone, so that a cross-site HTML
 * form (which may post form and text bodies without a CORS preflight) reaches none of them:
 * such a body is a 415 before anything runs. Fastify's text/plain parser goes for the same
 * reason.
 */
export function acceptFormBodiesWhereDeclared(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (request, body, done) => {
    const consumes = (request.routeOptions.schema as { consumes?: unknown } | undefined)?.consumes;
    if (!Array.isArray(consumes) || !consumes.includes(FORM)) {
      done(errors.unsupportedMediaType(), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(body.toString())));
  });
}
