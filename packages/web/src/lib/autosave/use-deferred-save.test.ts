import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useDeferredSave } from './use-deferred-save';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useDeferredSave', () => {
  test('saves the last staged value once, after the quiet period', () => {
    const save = vi.fn();
    const { result } = renderHook(() => useDeferredSave(save, 30_000));
    act(() => result.current.stage(1));
    act(() => vi.advanceTimersByTime(20_000));
    act(() => result.current.stage(2));
    act(() => vi.advanceTimersByTime(29_999));
    expect(save).not.toHaveBeenCalled();
    expect(result.current.pending).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(save).toHaveBeenCalledExactlyOnceWith(2);
    expect(result.current.pending).toBe(false);
  });

  test('unmounting flushes what is staged', () => {
    const save = vi.fn();
    const { result, unmount } = renderHook(() => useDeferredSave(save, 30_000));
    act(() => result.current.stage('x'));
    unmount();
    expect(save).toHaveBeenCalledExactlyOnceWith('x');
    vi.advanceTimersByTime(60_000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  test('a page hide flushes, and discard drops without saving', () => {
    const save = vi.fn();
    const { result } = renderHook(() => useDeferredSave(save, 30_000));
    act(() => result.current.stage('a'));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(save).toHaveBeenCalledExactlyOnceWith('a');
    act(() => result.current.stage('b'));
    act(() => result.current.discard());
    vi.advanceTimersByTime(60_000);
    expect(save).toHaveBeenCalledTimes(1);
  });
});
