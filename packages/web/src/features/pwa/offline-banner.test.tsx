import { afterEach, describe, expect, test } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithApp } from '../../test/render';
import { OFFLINE_CLASS, OfflineBanner } from './offline-banner';

function goOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => goOnline(true));

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
});
