import { afterEach, describe, expect, test } from 'vitest';
import { act, screen } from '@testing-library/react';
import { reportError, reportErrorMessage, useErrorToastStore } from '../lib/http';
import { useConnectionStore } from '../lib/socket/connection-store';
import { OfflineBanner } from '../features/pwa/offline-banner';
import { renderWithApp } from '../test/render';
import { GlobalErrorToast } from './error-toast';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  setOnline(true);
  act(() => useConnectionStore.setState({ reachable: true }));
  act(() => useErrorToastStore.getState().dismiss());
});

describe('global error toast while offline', () => {
  test('a connection error is left to the offline banner; other errors still show', () => {
    renderWithApp(<GlobalErrorToast />);
    setOnline(false);
    act(() => reportError('connection'));
    expect(screen.queryByTestId('error-toast')).toBeNull();
    act(() => reportError('userRequest'));
    expect(screen.getByTestId('error-toast')).toBeInTheDocument();
  });

  test('online, a connection error shows as before', () => {
    renderWithApp(<GlobalErrorToast />);
    act(() => reportError('connection'));
    expect(screen.getByTestId('error-toast')).toHaveTextContent('Connection error');
  });
});

describe('global error toast while the server is not reached', () => {
  test('a connection error is left to the "No connection to the server" banner, and shows again once the server answers', () => {
    renderWithApp(
      <>
        <OfflineBanner />
        <GlobalErrorToast />
      </>,
    );
    // A request got no answer: the banner says so, the toast does not repeat it on top.
    act(() => useConnectionStore.getState().reportHttp(false));
    act(() => reportError('connection'));
    expect(screen.getByTestId('connection-banner')).toHaveAttribute('data-link', 'unreachable');
    expect(screen.getByTestId('connection-banner')).toHaveTextContent(
      'No connection to the server',
    );
    expect(screen.queryByTestId('error-toast')).toBeNull();
    // Other errors still show over the banner.
    act(() => reportError('userRequest'));
    expect(screen.getByTestId('error-toast')).toBeInTheDocument();
    act(() => useErrorToastStore.getState().dismiss());

    // The server answers again: the banner goes, and a later connection error is shown.
    act(() => useConnectionStore.getState().reportHttp(true));
    expect(screen.getByTestId('connection-banner')).toHaveAttribute('data-link', 'ok');
    act(() => reportError('connection'));
    expect(screen.getByTestId('error-toast')).toHaveTextContent('Connection error');
  });
});

describe("a caller's message in the error toast", () => {
  test('shows the translated message under the error title, announced, and closes', () => {
    renderWithApp(<GlobalErrorToast />);
    act(() => reportErrorMessage('errors.alreadyRegistered'));
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('User already registered');
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByTestId('error-toast')).toBeNull();
  });

  test('shows offline too: it answers what the user just did', () => {
    renderWithApp(<GlobalErrorToast />);
    setOnline(false);
    act(() => reportErrorMessage('errors.request'));
    expect(screen.getByTestId('error-toast')).toHaveTextContent(
      'An error has occurred while sending your request',
    );
  });
});
