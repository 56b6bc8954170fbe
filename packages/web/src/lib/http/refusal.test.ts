import { describe, expect, test } from 'vitest';
import { HttpError } from './errors';
import { errorCodeOf, refusalOf } from './refusal';

const answer = (status: number, error?: string, retryAfterMs?: number) =>
  new HttpError(
    status,
    'userRequest',
    error === undefined ? undefined : { message: 'm', statusCode: status, error },
    { retryAfterMs },
  );

describe('refusalOf (spec 1 §8, rulings D12, D13)', () => {
  test("bad input, already registered and someone else's device are the caller's to show", () => {
    expect(refusalOf(answer(400, 'validation_failed'))).toEqual({
      kind: 'own',
      code: 'validation_failed',
    });
    expect(refusalOf(answer(409, 'already_registered'))).toMatchObject({ kind: 'own' });
    expect(refusalOf(answer(409, 'device_conflict'))).toMatchObject({ kind: 'own' });
  });

  test('the code decides, not the status', () => {
    expect(refusalOf(answer(400, 'internal_error'))).toEqual({ kind: 'request-error' });
    expect(refusalOf(answer(404, 'not_found'))).toEqual({ kind: 'not-found' });
    expect(refusalOf(answer(403, 'forbidden'))).toEqual({ kind: 'forbidden' });
  });

  test('a throttle carries the wait the server named', () => {
    expect(refusalOf(answer(429, 'too_many_attempts', 840_000))).toEqual({
      kind: 'throttled',
      retryAfterMs: 840_000,
    });
  });

  test('an answer without a code (a proxy) falls back to its status', () => {
    expect(refusalOf(answer(409))).toEqual({ kind: 'own', code: undefined });
    expect(refusalOf(answer(404))).toEqual({ kind: 'not-found' });
    expect(refusalOf(answer(502))).toEqual({ kind: 'request-error' });
    expect(errorCodeOf(answer(502, 'not_a_code'))).toBeUndefined();
  });

  test('anything that is not an HTTP failure is a request error', () => {
    expect(refusalOf(new Error('boom'))).toEqual({ kind: 'request-error' });
  });
});
