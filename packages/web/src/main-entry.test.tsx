import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { installFakeFetch } from './test/fake-fetch';
import { useSessionStore } from './lib/session/session-store';
import { showsLightSignIn } from './features/auth/light/entry';
import { App } from './app/app';

// main.tsx starts the light sign-in for some paths (features/auth/light/entry.tsx) and the full
// app for the others: the light sign-in must show exactly where the app's guards would send a
// signed-out user to /login, or a screen open without a session would be unreachable.

const signedOut = { token: '', demo: false };
let root: Root | undefined;
let container: HTMLDivElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
  container = undefined;
  useSessionStore.getState().clear();
  vi.unstubAllGlobals();
});

describe('the same decision as the full app’s guards', () => {
  const noSocket = () => ({ close: () => undefined, resume: () => undefined });

  test.each([
    '/',
    '/about',
    '/homes/h1/settings',
    '/no-such-screen',
    '/login/register',
    '/login/forgot-password',
    '/oauth/login',
    '/help',
    '/terms',
  ])(
    'signed out at %s, the light sign-in shows exactly when the app would land on /login',
    async (path) => {
      installFakeFetch({});
      window.history.replaceState(null, '', path);
      const element = document.createElement('div');
      document.body.append(element);
      container = element;
      root = createRoot(element);
      act(() => root?.render(<App connectDevice={noSocket} />));
      // The router settles within a few renders; the redirect to /login replaces the path.
      await waitFor(() => expect(element.querySelector('.ion-page')).not.toBeNull(), {
        timeout: 10_000,
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(window.location.pathname === '/login').toBe(showsLightSignIn(path, signedOut));
    },
    30_000,
  );
});
