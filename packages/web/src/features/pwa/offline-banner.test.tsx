import { afterEach, describe, expect, test } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../test/render';
import { useConnectionStore } from '../../lib/socket/connection-store';
import { onWake } from '../../lib/socket/wake';
import { OFFLINE_CLASS, OfflineBanner } from './offline-banner';

function goOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  goOnline(true);
  act(() => useConnectionStore.setState({ sockets: {}, reachable: true }));
});

describe('offline banner', () => {
  test('says the app is offline and marks the page not live until the connection returns', () => {
    renderWithApp(<OfflineBanner />);
    const banner = screen.getByRole('status');
    expect(banner).toBeEmptyDOMElement();
    expect(document.body).not.toHaveClass(OFFLINE_CLASS);

    goOnline(false);
    expect(banner).toHaveTextContent('You are offline.');
    expect(banner).toHaveTextContent('changes cannot be sent');
    expect(document.body).toHaveClass(OFFLINE_CLASS);

    goOnline(true);
    expect(banner).toBeEmptyDOMElement();
    expect(document.body).not.toHaveClass(OFFLINE_CLASS);
  });

  test('starts in the offline state when the app opens without a connection', () => {
    goOnline(false);
    renderWithApp(<OfflineBanner />);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline.');
  });

  test('a server that does not answer is told apart from no network, with a way to try at once', async () => {
    renderWithApp(<OfflineBanner />);
    const banner = screen.getByRole('status');
    act(() => useConnectionStore.getState().reportSocket('dev', 'connected'));
    expect(banner).toBeEmptyDOMElement();

    // Issue 25: the gateway is not blamed; the server is.
    act(() => useConnectionStore.getState().reportSocket('dev', 'unreachable'));
    expect(banner).toHaveTextContent('No connection to the server.');
    expect(banner).toHaveTextContent('keeps trying to reconnect');
    expect(banner).not.toHaveTextContent('You are offline');
    expect(banner).not.toHaveTextContent(/device/i);
    expect(document.body).toHaveClass(OFFLINE_CLASS);

    let woken = 0;
    const stop = onWake(() => (woken += 1));
    await userEvent.click(within(banner).getByRole('button', { name: 'Try now' }));
    stop();
    expect(woken).toBe(1);

    // No network at all is its own message.
    goOnline(false);
    expect(banner).toHaveTextContent('You are offline.');
    expect(banner).not.toHaveTextContent('No connection to the server.');
    goOnline(true);

    // An answer from the server (here a socket connecting again) ends it.
    act(() => useConnectionStore.getState().reportSocket('dev', 'connected'));
    expect(banner).toBeEmptyDOMElement();
    expect(document.body).not.toHaveClass(OFFLINE_CLASS);
  });
});
