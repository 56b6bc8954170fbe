import { afterEach, describe, expect, test } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { deviceKeys } from '../lib/devices/keys';
import { webPlatform, type Platform } from '../lib/platform';
import { createQueryClient } from './query-client';
import { isRootPath, useNativeShell } from './use-native-shell';

/** A stand-in for the Capacitor side: records what the app asked of it. */
function fakeAndroid() {
  const calls = { exits: 0, colours: [] as string[], backListeners: 0 };
  let resume: (() => void) | undefined;
  const platform: Platform = {
    ...webPlatform,
    kind: 'android',
    isNative: true,
    onResume: (listener) => {
      resume = listener;
      return () => (resume = undefined);
    },
    onBackButton: () => {
      calls.backListeners += 1;
      return () => (calls.backListeners -= 1);
    },
    exitApp: async () => {
      calls.exits += 1;
    },
    setStatusBarColor: async (hex) => {
      calls.colours.push(hex);
    },
  };
  return { platform, calls, resume: () => resume?.() };
}

/** Dispatches Ionic's back event and runs the handler our hook registered. */
function pressBack(): { next: number } {
  const result = { next: 0 };
  const handlers: { priority: number; handler: (next: () => void) => void }[] = [];
  document.dispatchEvent(
    new CustomEvent('ionBackButton', {
      detail: {
        register: (priority: number, handler: (next: () => void) => void) =>
          handlers.push({ priority, handler }),
      },
    }),
  );
  expect(handlers.map((h) => h.priority)).toEqual([1]);
  handlers[0]?.handler(() => (result.next += 1));
  return result;
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('native shell', () => {
  test('root screens are the dashboard and sign-in', () => {
    expect(isRootPath('/')).toBe(true);
    expect(isRootPath('/login/')).toBe(true);
    expect(isRootPath('/homes/1/settings')).toBe(false);
    expect(isRootPath('/login/register')).toBe(false);
  });

  test('the back button exits at a root screen and goes back elsewhere', () => {
    const android = fakeAndroid();
    const { unmount } = renderHook(() => useNativeShell(new QueryClient(), android.platform));
    expect(android.calls.backListeners).toBe(1);
    expect(pressBack().next).toBe(0);
    expect(android.calls.exits).toBe(1);
    window.history.replaceState(null, '', '/homes/1/settings');
    expect(pressBack().next).toBe(1);
    expect(android.calls.exits).toBe(1);
    unmount();
    expect(android.calls.backListeners).toBe(0);
  });

  test('resume reloads the home list and every node list, not the socket-fed state', () => {
    const android = fakeAndroid();
    const client = new QueryClient();
    client.setQueryData(deviceKeys.homes(), []);
    client.setQueryData(deviceKeys.nodes('dev1'), []);
    client.setQueryData(deviceKeys.live('dev1'), {});
    renderHook(() => useNativeShell(client, android.platform));
    android.resume();
    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(deviceKeys.homes())).toBe(true);
    expect(invalidated(deviceKeys.nodes('dev1'))).toBe(true);
    expect(invalidated(deviceKeys.live('dev1'))).toBe(false);
  });

  test('on the web a page made visible again re-reads the homes: gone, new and renamed', async () => {
    // The app's client, which leaves window focus alone: only the resume hook re-reads.
    const client = createQueryClient();
    let server = [
      { id: 'h1', name: 'Flat' },
      { id: 'h2', name: 'Cabin' },
    ];
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    renderHook(() => useNativeShell(client, webPlatform));
    const homes = renderHook(
      () => useQuery({ queryKey: deviceKeys.homes(), queryFn: () => Promise.resolve(server) }),
      {
        wrapper: ({ children }) => (
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        ),
      },
    );
    await waitFor(() => expect(homes.result.current.data).toEqual(server));
    server = [
      { id: 'h1', name: 'Flat by the sea' },
      { id: 'h3', name: 'Barn' },
    ];
    // Hiding the page reads nothing; coming back does.
    setVisibility('hidden');
    expect(client.getQueryState(deviceKeys.homes())?.isInvalidated).toBe(false);
    setVisibility('visible');
    await waitFor(() =>
      expect(homes.result.current.data).toEqual([
        { id: 'h1', name: 'Flat by the sea' },
        { id: 'h3', name: 'Barn' },
      ]),
    );
  });

  test('the status bar takes the brand primary colour', () => {
    const android = fakeAndroid();
    renderHook(() => useNativeShell(new QueryClient(), android.platform));
    expect(android.calls.colours).toEqual(['#F9B521']);
  });

  test('on the web no back button listener is registered', () => {
    const web = { ...fakeAndroid().platform, kind: 'web' as const, isNative: false };
    let registered = 0;
    web.onBackButton = () => {
      registered += 1;
      return () => undefined;
    };
    renderHook(() => useNativeShell(new QueryClient(), web));
    expect(registered).toBe(0);
  });
});
