import type { FastifyInstance } from 'fastify';
import { errors } from '../errors';

/**
 * The deepest nesting of arrays and objects a JSON body may have. The deepest body of the API
 * (a weekly programme, a power schedule's slots) is 4 levels; 32 leaves room and keeps every
 * recursive walk of a body (validation, the text checks, the database's jsonb) far from the
 * stack's end: a body nested 50,000 deep was a 500.
 */
export const MAX_JSON_DEPTH = 32;

/** The nesting depth of JSON text, read without parsing it (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * Smartbox clients send `Content-Type: application/json` with every call, also on the calls
 * that take no body (DELETE of a device, the test notification). Fastify's own parser refuses
 * such an empty body with a 400; here it reads as no body, so the route's schema decides (an
 * optional body passes, a required one is still a 400). A body nested deeper than
 * MAX_JSON_DEPTH is a 400 before it is parsed. Anything else goes through Fastify's parser,
 * with its protection against `__proto__` and `constructor` keys.
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
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      done(
        errors.validation(`JSON may be nested at most ${MAX_JSON_DEPTH} levels deep`),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
