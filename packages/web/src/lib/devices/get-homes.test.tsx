import type { ReactNode } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { home } from '../../test/fake-devices';
import { useSessionStore } from '../session/session-store';
import { signIn } from '../../test/session';
import { homesQueryOptions, useHomes } from './get-homes';

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().clear();
});

test('the dashboard takes the home list read at sign-in instead of reading it again', async () => {
  signIn();
  let name = 'Flat';
  const { calls } = installFakeFetch({
    'GET /api/v2/grouped_devs': () => json([home('h1', name, [])]),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await client.prefetchQuery(homesQueryOptions());
  name = 'Flat by the sea';

  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useHomes(), { wrapper });
  await waitFor(() => expect(result.current.data?.[0]?.name).toBe('Flat'));
  // A second read would have brought the new name.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(result.current.data?.[0]?.name).toBe('Flat');
  expect(calls.filter((c) => c.url.endsWith('/api/v2/grouped_devs'))).toHaveLength(1);

  // An invalidation (a screen that changed homes, or app resume) still reads it again.
  await client.invalidateQueries({ queryKey: homesQueryOptions().queryKey });
  await waitFor(() => expect(result.current.data?.[0]?.name).toBe('Flat by the sea'));
});

test('homes come in the order of their ids, guest homes among them (spec 1 §2 homeIndex)', async () => {
  signIn();
  installFakeFetch({
    'GET /api/v2/grouped_devs': () =>
      json([
        home('0193b', 'Owned later', []),
        home('0193a', 'Owned first', []),
        home('01939', 'Guest', []),
      ]),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useHomes(), { wrapper });
  await waitFor(() =>
    expect(result.current.data?.map((h) => h.name)).toEqual([
      'Guest',
      'Owned first',
      'Owned later',
    ]),
  );
});
