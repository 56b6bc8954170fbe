import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { createEditBuffer } from './edit-buffer';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('an edit is sent 4 s after the last change of the same field', () => {
  const send = vi.fn();
  const buffer = createEditBuffer<number>(send, 4_000);
  buffer.edit('a', 20);
  vi.advanceTimersByTime(3_000);
  buffer.edit('a', 21);
  vi.advanceTimersByTime(3_999);
  expect(send).not.toHaveBeenCalled();
  expect(buffer.pending('a')).toBe(21);
  vi.advanceTimersByTime(1);
  expect(send).toHaveBeenCalledExactlyOnceWith('a', 21);
  expect(buffer.pending('a')).toBeUndefined();
});

test('editing another field sends the waiting edit at once', () => {
  const send = vi.fn();
  const buffer = createEditBuffer<number>(send, 4_000);
  buffer.edit('a', 20);
  buffer.edit('b', 7);
  expect(send).toHaveBeenCalledExactlyOnceWith('a', 20);
  vi.advanceTimersByTime(4_000);
  expect(send).toHaveBeenLastCalledWith('b', 7);
  expect(send).toHaveBeenCalledTimes(2);
});

test('flush sends what waits, and nothing twice', () => {
  const send = vi.fn();
  const buffer = createEditBuffer<number>(send, 4_000);
  buffer.edit('a', 20);
  buffer.flush();
  buffer.flush();
  vi.advanceTimersByTime(10_000);
  expect(send).toHaveBeenCalledTimes(1);
});
