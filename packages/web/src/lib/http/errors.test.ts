import { describe, expect, test } from 'vitest';
import { HttpError, needsOwnMessage } from './errors';

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
