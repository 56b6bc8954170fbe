import { describe, expect, test } from 'vitest';
import { HttpError, needsOwnMessage, parseRetryAfter, waitMinutes } from './errors';

describe('needsOwnMessage (spec 1 §8: one failure, told once)', () => {
  test('a failure the error toast has told needs no line of the screen', () => {
    const told = new HttpError(503, 'userRequest');
    told.reported = true;
    expect(needsOwnMessage(told)).toBe(false);
  });

  test('a refusal, a quiet failure or any other error is the screen to tell', () => {
    expect(needsOwnMessage(new HttpError(400, 'userRequest'))).toBe(true);
    expect(needsOwnMessage(new HttpError(500, 'userRequest'))).toBe(true);
    expect(needsOwnMessage(new Error('boom'))).toBe(true);
  });
});

describe('the wait a throttled request is told (ruling D12)', () => {
  const now = Date.UTC(2026, 10, 27, 10, 0, 0);

  test('Retry-After in seconds or as an HTTP date; nothing when absent or unreadable', () => {
    expect(parseRetryAfter('840', now)).toBe(840_000);
    expect(parseRetryAfter(' 60 ', now)).toBe(60_000);
    expect(parseRetryAfter('Fri, 27 Nov 2026 10:05:00 GMT', now)).toBe(300_000);
    expect(parseRetryAfter('Fri, 27 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });

  test('in whole minutes, rounded up, at least one', () => {
    expect(waitMinutes(840_000)).toBe(14);
    expect(waitMinutes(839_001)).toBe(14);
    expect(waitMinutes(840_001)).toBe(15);
    expect(waitMinutes(1_000)).toBe(1);
    expect(waitMinutes(0)).toBe(1);
  });
});
