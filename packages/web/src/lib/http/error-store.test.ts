import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ERROR_TOAST_MS } from '@hearth/protocol';
import { useErrorToastStore } from './error-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  useErrorToastStore.setState({ kind: null, message: null, suppressed: false });
  vi.useRealTimers();
});

test('an error shows for ERROR_TOAST_MS and then clears', () => {
  useErrorToastStore.getState().report('dataUpdate');
  vi.advanceTimersByTime(ERROR_TOAST_MS - 1);
  expect(useErrorToastStore.getState().kind).toBe('dataUpdate');
  vi.advanceTimersByTime(1);
  expect(useErrorToastStore.getState().kind).toBeNull();
});

test('a new error restarts the display time', () => {
  useErrorToastStore.getState().report('dataUpdate');
  vi.advanceTimersByTime(ERROR_TOAST_MS - 100);
  useErrorToastStore.getState().report('connection');
  vi.advanceTimersByTime(200);
  expect(useErrorToastStore.getState().kind).toBe('connection');
});

test('suppressed (demo mode) errors are not shown', () => {
  useErrorToastStore.getState().setSuppressed(true);
  useErrorToastStore.getState().report('unknown');
  expect(useErrorToastStore.getState().kind).toBeNull();
});

test("a caller's message shows for ERROR_TOAST_MS and replaces a kind", () => {
  useErrorToastStore.getState().report('userRequest');
  useErrorToastStore.getState().reportMessage('errors.alreadyRegistered');
  expect(useErrorToastStore.getState()).toMatchObject({
    kind: null,
    message: 'errors.alreadyRegistered',
  });
  vi.advanceTimersByTime(ERROR_TOAST_MS - 1);
  expect(useErrorToastStore.getState().message).toBe('errors.alreadyRegistered');
  vi.advanceTimersByTime(1);
  expect(useErrorToastStore.getState().message).toBeNull();
});

test("suppressed (demo mode), a caller's message is not shown either (spec 1 §1, §8)", () => {
  useErrorToastStore.getState().setSuppressed(true);
  useErrorToastStore.getState().reportMessage('errors.request');
  expect(useErrorToastStore.getState()).toMatchObject({ kind: null, message: null });
});
