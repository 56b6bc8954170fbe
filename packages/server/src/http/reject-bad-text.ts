import type { FastifyInstance } from 'fastify';
import { errors } from '../errors';

/**
 * The longest text any request may carry in one string or object key, whatever the route. Each
 * route's schema bounds its own fields far lower; this also bounds the free-form objects
 * (a node's setup entries, a home's extra data) and is the last line should a schema forget.
 */
export const MAX_TEXT_LENGTH = 2000;

/** A UTF-16 surrogate without its pair: not a character, and no UTF-8 encoder can store it. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;

type Problem = 'nul' | 'surrogate' | 'long' | undefined;

function textProblem(text: string): Problem {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  if (text.length > MAX_TEXT_LENGTH) return 'long';
  return undefined;
}

/** The first problem of any string or key in a parsed body, query or path. */
function findProblem(value: unknown, depth = 0): Problem {
  if (typeof value === 'string') return textProblem(value);
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (const v of value) {
      const problem = findProblem(v, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  for (const [k, v] of Object.entries(value)) {
    const problem = textProblem(k) ?? findProblem(v, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

const MESSAGES: Record<NonNullable<Problem>, string> = {
  nul: 'Text may not contain the NUL character',
  surrogate:
    'Text may not contain a lone UTF-16 surrogate (\\ud800 to \\udfff without its pair); send whole characters',
  long: `Text may be at most ${MAX_TEXT_LENGTH} characters long`,
};

/**
 * Text the database cannot store, refused up front as a 400 whatever the route (found by the
 * endpoint fuzzing, packages/server/src/security/fuzz): PostgreSQL stores no NUL character in
 * text or jsonb, and a lone surrogate is no character at all (a name holding one was a 500).
 * Refused rather than replaced, so that a stored name is the one the user typed.
 */
export function rejectBadText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem =
      findProblem(request.params) ?? findProblem(request.query) ?? findProblem(request.body);
    if (problem) throw errors.validation(MESSAGES[problem]);
  });
}
