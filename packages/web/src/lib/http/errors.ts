import type { ErrorBody } from '@hearth/protocol';

/** Spec 1 §8: the kinds of global error the app tells the user about. */
export const ERROR_KINDS = [
  'connection',
  'dataUpdate',
  'userRequest',
  'tooManyRequest',
  'unknown',
  // Not in spec 1 §8: the server's sign-in throttle (429 too_many_attempts) is not the hourly
  // change limit, and telling a user who mistyped a password about "changes" would mislead.
  'tooManyAttempts',
  // Ruling D8: a write that got no answer at all (network error or timeout) says "Changes may
  // not be saved successfully, check your Internet connection" (spec 3 §8), once per burst.
  'changesNotSaved',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export type RequestIntent = 'read' | 'write';

/** A failed call: `status` 0 means the request never got an answer (network or timeout). */
export class HttpError extends Error {
  readonly status: number;
  readonly body: Partial<ErrorBody> | undefined;
  readonly kind: ErrorKind;
  /**
   * Set when the HTTP layer has already told the user with the global error toast (spec 1 §8:
   * every failure but a refusal or refused credentials, keyed by the server's error code (see
   * `isGlobalError` in refusal.ts), unless the call is quiet). A screen that explains its own
   * failures shows its line only when this is false, so the same error is not told twice.
   */
  reported = false;
  /** How long the server asks to wait before trying again (its Retry-After), when it says. */
  readonly retryAfterMs: number | undefined;

  constructor(
    status: number,
    kind: ErrorKind,
    body?: Partial<ErrorBody>,
    options?: { cause?: unknown; retryAfterMs?: number },
  ) {
    super(body?.message ?? (status === 0 ? 'connection failed' : `HTTP ${status}`), options);
    this.name = 'HttpError';
    this.status = status;
    this.kind = kind;
    this.body = body;
    this.retryAfterMs = options?.retryAfterMs;
  }
}

/** A Retry-After header (RFC 9110 §10.2.3: seconds, or an HTTP date) as milliseconds from now. */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its month ("Fri, 27 Nov 2026 10:05:00 GMT"); Date.parse takes "-5" too.
  if (!/[a-z]{3}/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A wait told in whole minutes, rounded up, never less than one (ruling D12: "N minutes"). */
export function waitMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/**
 * Whether a screen should tell this failure on its own line: not when the global error toast
 * has already told it (spec 1 §8), so the user reads it once. A refusal (`refusalOf`), a quiet
 * call's failure and anything that is not an HTTP failure are the screen's to tell.
 */
export function needsOwnMessage(err: unknown): boolean {
  return !(err instanceof HttpError && err.reported);
}

/**
 * Spec 1 §8: 408 and no answer are connection errors; 429 is the hourly change limit, unless
 * the server says it throttled credential attempts.
 */
export function errorKindFor(status: number, intent: RequestIntent, code?: string): ErrorKind {
  if (status === 0 || status === 408) return 'connection';
  if (status === 429) return code === 'too_many_attempts' ? 'tooManyAttempts' : 'tooManyRequest';
  if (status >= 400) return intent === 'read' ? 'dataUpdate' : 'userRequest';
  return 'unknown';
}
