import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { installFakeFetch, json } from '../test/fake-fetch';
import { signIn } from '../test/session';
import { webPlatform } from '../lib/platform';
import { useConnectionStore } from '../lib/socket/connection-store';
import { onWake } from '../lib/socket/wake';
import { http } from '../lib/http';
import { createQueryClient } from './query-client';
import { useServerRecovery } from './use-server-recovery';

let up: boolean;
let healthChecks: number[];

beforeEach(() => {
  signIn();
  up = false;
  healthChecks = [];
  useConnectionStore.setState({ sockets: {}, reachable: true });
  installFakeFetch({
    'GET /api/v2/grouped_devs': () => {
      if (!up) throw new TypeError('Failed to fetch');
      return json([{ id: 'h1', name: 'Casa', owner: true, devs: [] }]);
    },
    'GET /health_check': () => {
      healthChecks.push(Date.now());
      if (!up) throw new TypeError('Failed to fetch');
      return json({ message: 'ok' });
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => {
      useServerRecovery(queryClient, webPlatform);
      return useQuery({
        queryKey: ['grouped_devs'],
        queryFn: () => http.request<unknown[]>('/api/v2/grouped_devs'),
        retry: false,
      });
    },
    { wrapper },
  );
}

test('a home list that failed to load (opened offline) is read again when the network is back', async () => {
  const { result } = setup();
  await waitFor(() => expect(result.current.isError).toBe(true));
  up = true;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  expect(result.current.data).toHaveLength(1);
});

test('a server not reached is asked again with backoff; its answer wakes every connection', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const { result } = setup();
  await vi.waitFor(() => expect(result.current.isError).toBe(true));
  expect(useConnectionStore.getState().reachable).toBe(false);
  let woken = 0;
  const stop = onWake(() => (woken += 1));

  await act(async () => vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000));
  expect(healthChecks.length).toBeGreaterThanOrEqual(3);
  const gaps = healthChecks.slice(1).map((t, i) => t - (healthChecks[i] ?? 0));
  // Each wait at least as long as the one before (1 s doubling, minus jitter).
  expect(gaps.every((g) => g >= 500)).toBe(true);

  up = true;
  await act(async () => vi.advanceTimersByTimeAsync(30_000));
  expect(useConnectionStore.getState().reachable).toBe(true);
  expect(woken).toBeGreaterThanOrEqual(1);
  // The failed read came back with the server.
  await vi.waitFor(() => expect(result.current.isSuccess).toBe(true));
  const checks = healthChecks.length;
  await act(async () => vi.advanceTimersByTimeAsync(120_000));
  expect(healthChecks.length).toBe(checks);
  stop();
});
