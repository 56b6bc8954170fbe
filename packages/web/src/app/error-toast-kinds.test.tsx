import { afterEach, expect, test, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { ERROR_TOAST_MS } from '@hearth/protocol';
import { reportError, useErrorToastStore, type ErrorKind } from '../lib/http';
import { renderWithApp } from '../test/render';
import { GlobalErrorToast } from './error-toast';

afterEach(() => {
  act(() => useErrorToastStore.getState().dismiss());
  useErrorToastStore.setState({ unansweredTold: false });
  vi.useRealTimers();
});

const title = (toast: HTMLElement) => toast.querySelector('.hearth-toast__title');

test.each<[ErrorKind, string, string]>([
  ['connection', 'Connection error', 'Connection error'],
  ['dataUpdate', 'Error', 'The information displayed may not be updated'],
  ['userRequest', 'Error', 'Your request could not be processed'],
  [
    'tooManyRequest',
    'Error',
    'You have made the maximum number of changes possible in one hour. Try again later',
  ],
  ['unknown', 'Error', 'An unexpected error has occurred'],
  [
    'changesNotSaved',
    'Connection error',
    'Changes may not be saved successfully, check your Internet connection',
  ],
])('a %s error is titled "%s" and says "%s" (spec 1 §8)', (kind, heading, message) => {
  renderWithApp(<GlobalErrorToast />);
  act(() => reportError(kind));
  const toast = screen.getByTestId('error-toast');
  expect(toast).toHaveTextContent(message);
  expect(title(toast)).toHaveTextContent(new RegExp(`^${heading}$`));
});

test('the toast shows for 5000 ms, then clears (spec 1 §4, §9)', () => {
  vi.useFakeTimers();
  renderWithApp(<GlobalErrorToast />);
  act(() => reportError('userRequest'));
  act(() => vi.advanceTimersByTime(ERROR_TOAST_MS - 1));
  expect(screen.getByTestId('error-toast')).toBeInTheDocument();
  act(() => vi.advanceTimersByTime(1));
  expect(screen.queryByTestId('error-toast')).toBeNull();
});
