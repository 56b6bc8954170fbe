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
  if (!(err instanceof HttpError)) return undefined;
  const code = err.body?.error;
  return typeof code === 'string' && KNOWN.has(code) ? (code as ErrorCode) : undefined;
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

/**
 * The one refusal policy: keyed by the server's code, and by status only for an answer that
 * carries none (e.g. from a proxy): 400 and 409 are the caller's to show.
 */
export function refusalOf(err: unknown): Refusal {
  if (!(err instanceof HttpError)) return { kind: 'request-error' };
  const code = errorCodeOf(err);
  if (code !== undefined) {
    if (OWN_CODES.has(code)) return { kind: 'own', code };
    if (UNAUTHORIZED_CODES.has(code)) return { kind: 'unauthorized', code };
    if (code === 'not_found') return { kind: 'not-found' };
    if (code === 'forbidden') return { kind: 'forbidden' };
    if (code === 'too_many_attempts' || code === 'too_many_changes')
      return { kind: 'throttled', retryAfterMs: err.retryAfterMs };
    return { kind: 'request-error' };
  }
  if (err.status === 400 || err.status === 409) return { kind: 'own', code: undefined };
  if (err.status === 401) return { kind: 'unauthorized', code: undefined };
  if (err.status === 404) return { kind: 'not-found' };
  if (err.status === 403) return { kind: 'forbidden' };
  if (err.status === 429) return { kind: 'throttled', retryAfterMs: err.retryAfterMs };
  return { kind: 'request-error' };
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

/**
 * A refusal the HTTP layer left to the caller, told with the global toast of `kind` when the
 * screen has no words of its own for it (spec 1 §8). Answers whether it was one.
 */
export function reportRefusal(err: unknown, kind: ErrorKind): boolean {
  if (!isRefusal(err)) return false;
  reportError(kind);
  return true;
}
