import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { SUCCESS_BACK_DELAY_MS } from '@hearth/protocol';
import { useLater } from './use-later';

afterEach(() => vi.useRealTimers());

describe('useLater', () => {
  test('runs the callback after the delay', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const { result } = renderHook(() => useLater());
    result.current.later(fn, SUCCESS_BACK_DELAY_MS);
    vi.advanceTimersByTime(SUCCESS_BACK_DELAY_MS - 1);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  test('leaving the screen cancels the pending move (spec 1 §2)', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const { result, unmount } = renderHook(() => useLater());
    result.current.later(fn, SUCCESS_BACK_DELAY_MS);
    unmount();
    vi.advanceTimersByTime(SUCCESS_BACK_DELAY_MS * 2);
    expect(fn).not.toHaveBeenCalled();
  });

  test('moving on to another page cancels it too, though Ionic keeps the page mounted below', () => {
    vi.useFakeTimers();
    window.history.pushState({ key: 'account' }, '', '/account');
    const fn = vi.fn();
    const { result } = renderHook(() => useLater());
    result.current.later(fn, SUCCESS_BACK_DELAY_MS);
    window.history.pushState({ key: 'about' }, '', '/about');
    vi.advanceTimersByTime(SUCCESS_BACK_DELAY_MS * 2);
    expect(fn).not.toHaveBeenCalled();
  });
});
