import { ERROR_CODES, type ErrorCode } from '@hearth/protocol';
import { reportError } from './error-store';
import { HttpError, type ErrorKind } from './errors';

/**
 * What a screen shows for a failed call (spec 1 §8, rulings D12, D13):
 * - `own`: a refusal the screen explains itself (bad input, already there, someone else's device);
 * - `unauthorized`: a wrong user or password, or a session that is over (the HTTP layer signs out);
 * - `not-found`, `forbidden`: the thing is gone or not the user's;
 * - `throttled`: too many attempts or changes, with the wait the server named;
 * - `request-error`: anything else, told by the global request-error toast.
 */
export type Refusal =
  | { kind: 'own'; code: ErrorCode | undefined }
  | { kind: 'unauthorized'; code: ErrorCode | undefined }
  | { kind: 'not-found' }
  | { kind: 'forbidden' }
  | { kind: 'throttled'; retryAfterMs: number | undefined }
  | { kind: 'request-error' };

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

/** The server's error code of a failed call, when its body names one of protocol's codes. */
export function errorCodeOf(err: unknown): ErrorCode | undefined {
  return err instanceof HttpError ? codeOf(answerOf(err)) : undefined;
}

/** The codes of a refused request (400, 409): the caller's to explain. */
const OWN_CODES: ReadonlySet<ErrorCode> = new Set([
  'validation_failed',
  'already_registered',
  'device_conflict',
  'invalid_request',
  'unauthorized_client',
  'invalid_scope',
]);

/** The codes of refused credentials (401). */
const UNAUTHORIZED_CODES: ReadonlySet<ErrorCode> = new Set([
  'unauthorized',
  'invalid_client',
  'invalid_grant',
  'email_not_confirmed',
]);

/** A failed call's answer as the wire gave it: its status and its body's error code. */
export interface FailedAnswer {
  status: number;
  error?: unknown;
  retryAfterMs?: number;
}

function codeOf(answer: FailedAnswer): ErrorCode | undefined {
  const code = answer.error;
  return typeof code === 'string' && KNOWN.has(code) ? (code as ErrorCode) : undefined;
}

/**
 * The one refusal policy, for an answer a caller holds as status and code: keyed by the
 * server's code, and by status only for an answer that carries none (e.g. from a proxy): 400
 * and 409 are the caller's to show.
 */
export function refusalOfAnswer(answer: FailedAnswer): Refusal {
  const code = codeOf(answer);
  if (code !== undefined) {
    if (OWN_CODES.has(code)) return { kind: 'own', code };
    if (UNAUTHORIZED_CODES.has(code)) return { kind: 'unauthorized', code };
    if (code === 'not_found') return { kind: 'not-found' };
    if (code === 'forbidden') return { kind: 'forbidden' };
    if (code === 'too_many_attempts' || code === 'too_many_changes')
      return { kind: 'throttled', retryAfterMs: answer.retryAfterMs };
    return { kind: 'request-error' };
  }
  if (answer.status === 400 || answer.status === 409) return { kind: 'own', code: undefined };
  if (answer.status === 401) return { kind: 'unauthorized', code: undefined };
  if (answer.status === 404) return { kind: 'not-found' };
  if (answer.status === 403) return { kind: 'forbidden' };
  if (answer.status === 429) return { kind: 'throttled', retryAfterMs: answer.retryAfterMs };
  return { kind: 'request-error' };
}

function answerOf(err: HttpError): FailedAnswer {
  return { status: err.status, error: err.body?.error, retryAfterMs: err.retryAfterMs };
}

/** The refusal policy of a failed call (see `refusalOfAnswer`). */
export function refusalOf(err: unknown): Refusal {
  return err instanceof HttpError ? refusalOfAnswer(answerOf(err)) : { kind: 'request-error' };
}

/**
 * Spec 1 §8: whether the HTTP layer tells this failure with the global error toast. A refusal
 * is the caller's to explain and refused credentials sign out; the rest is the toast's.
 */
export function isGlobalError(err: HttpError): boolean {
  const { kind } = refusalOf(err);
  return kind !== 'own' && kind !== 'unauthorized';
}

/** Whether the failure is a refusal the caller explains itself (see `refusalOf`). */
export function isRefusal(err: unknown): boolean {
  return refusalOf(err).kind === 'own';
}

/** The codes of a 409: what the user asked for is already there, or someone else's. */
const CONFLICT_CODES: ReadonlySet<ErrorCode> = new Set(['already_registered', 'device_conflict']);

/**
 * A refusal because of what is already there (already registered, someone else's device), not
 * because of what the user typed: by its code, or a 409 for an answer without one.
 */
export function isConflict(err: unknown): boolean {
  return err instanceof HttpError && isConflictAnswer(answerOf(err));
}

/** `isConflict` for an answer a caller holds as status and code. */
export function isConflictAnswer(answer: FailedAnswer): boolean {
  const refusal = refusalOfAnswer(answer);
  if (refusal.kind !== 'own') return false;
  return refusal.code === undefined ? answer.status === 409 : CONFLICT_CODES.has(refusal.code);
}

/** A refusal of what the user typed or sent (bad input, a wrong password): no conflict. */
export function isBadInput(err: unknown): boolean {
  return isRefusal(err) && !isConflict(err);
}

/**
 * A refusal the HTTP layer left to the caller, told with the global toast of `kind` when the
 * screen has no words of its own for it (spec 1 §8). Answers whether it was one.
 */
export function reportRefusal(err: unknown, kind: ErrorKind): boolean {
  if (!isRefusal(err)) return false;
  reportError(kind);
  return true;
}
