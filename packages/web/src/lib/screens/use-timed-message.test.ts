import { afterEach, expect, test, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useErrorToastStore } from '../http/error-store';
import { useTimedMessage } from './use-timed-message';

afterEach(() => vi.useRealTimers());

test('a success toast stays 2 s, then runs what comes after; an error stays until cleared', () => {
  vi.useFakeTimers();
  const after = vi.fn();
  const { result } = renderHook(() => useTimedMessage());
  act(() => result.current.success('Saved', after));
  act(() => vi.advanceTimersByTime(1999));
  expect(result.current.message?.text).toBe('Saved');
  expect(after).not.toHaveBeenCalled();
  act(() => vi.advanceTimersByTime(1));
  expect(result.current.message).toBeNull();
  expect(after).toHaveBeenCalledOnce();
  act(() => result.current.error('Nope'));
  act(() => vi.advanceTimersByTime(10_000));
  expect(result.current.message?.text).toBe('Nope');
  act(() => result.current.clear());
  expect(result.current.message).toBeNull();
});

test('a success clears a stale error toast, so the two never show side by side', () => {
  const { result } = renderHook(() => useTimedMessage());
  useErrorToastStore.getState().report('userRequest');
  expect(useErrorToastStore.getState().kind).toBe('userRequest');
  act(() => result.current.success('Saved'));
  expect(useErrorToastStore.getState().kind).toBeNull();
  expect(result.current.message?.text).toBe('Saved');
});
