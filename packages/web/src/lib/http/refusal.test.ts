import { beforeEach, describe, expect, test } from 'vitest';
import { HttpError } from './errors';
import { useErrorToastStore } from './error-store';
import {
  errorCodeOf,
  isBadInput,
  isConflict,
  isGlobalError,
  refusalOf,
  reportRefusal,
} from './refusal';

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

  test("the OAuth refusals of a request are the caller's too", () => {
    expect(refusalOf(answer(400, 'invalid_scope'))).toMatchObject({ kind: 'own' });
    expect(refusalOf(answer(400, 'unauthorized_client'))).toMatchObject({ kind: 'own' });
  });

  test('refused credentials are their own kind, with the code that says which', () => {
    expect(refusalOf(answer(401, 'email_not_confirmed'))).toEqual({
      kind: 'unauthorized',
      code: 'email_not_confirmed',
    });
    expect(refusalOf(answer(400, 'invalid_client'))).toMatchObject({ kind: 'unauthorized' });
    expect(refusalOf(answer(401))).toEqual({ kind: 'unauthorized', code: undefined });
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

describe('isGlobalError (spec 1 §8)', () => {
  test("a refusal and refused credentials are not the toast's; the rest is", () => {
    expect(isGlobalError(answer(409, 'device_conflict'))).toBe(false);
    expect(isGlobalError(answer(413, 'validation_failed'))).toBe(false);
    expect(isGlobalError(answer(401, 'unauthorized'))).toBe(false);
    expect(isGlobalError(answer(409, 'internal_error'))).toBe(true);
    expect(isGlobalError(answer(404, 'not_found'))).toBe(true);
    expect(isGlobalError(answer(429, 'too_many_changes'))).toBe(true);
    expect(isGlobalError(answer(500))).toBe(true);
    expect(isGlobalError(answer(400))).toBe(false);
  });
});

describe('reportRefusal', () => {
  beforeEach(() => useErrorToastStore.getState().dismiss());

  test('tells a refusal with the toast of the kind the caller names', () => {
    expect(reportRefusal(answer(409, 'already_registered'), 'dataUpdate')).toBe(true);
    expect(useErrorToastStore.getState().kind).toBe('dataUpdate');
  });

  test('leaves anything else alone (the HTTP layer told it)', () => {
    expect(reportRefusal(answer(409, 'internal_error'), 'userRequest')).toBe(false);
    expect(reportRefusal(answer(503), 'userRequest')).toBe(false);
    expect(reportRefusal(new Error('boom'), 'userRequest')).toBe(false);
    expect(useErrorToastStore.getState().kind).toBeNull();
  });
});

describe('isConflict and isBadInput', () => {
  test('what is already there is a conflict, by its code', () => {
    expect(isConflict(answer(409, 'already_registered'))).toBe(true);
    expect(isConflict(answer(409, 'device_conflict'))).toBe(true);
    expect(isBadInput(answer(409, 'already_registered'))).toBe(false);
  });

  test('what the user sent is bad input, by its code, whatever the status', () => {
    expect(isBadInput(answer(400, 'validation_failed'))).toBe(true);
    expect(isBadInput(answer(413, 'validation_failed'))).toBe(true);
    expect(isConflict(answer(400, 'validation_failed'))).toBe(false);
  });

  test('an answer without a code falls back to its status: 409 a conflict, 400 bad input', () => {
    expect(isConflict(answer(409))).toBe(true);
    expect(isBadInput(answer(400))).toBe(true);
    expect(isConflict(answer(400))).toBe(false);
  });

  test('no refusal is either', () => {
    expect(isConflict(answer(409, 'internal_error'))).toBe(false);
    expect(isBadInput(answer(400, 'internal_error'))).toBe(false);
    expect(isBadInput(answer(500))).toBe(false);
    expect(isBadInput(new Error('boom'))).toBe(false);
  });
});
