import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { devData, liveNode } from '../../test/fake-devices';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { signIn } from '../../test/session';
import { useSessionStore } from '../session/session-store';
import { applyDevDataToCache, applyUpdateToCache } from './device-cache';
import { useDeviceStates } from './device-state-query';
import { deviceKeys } from './keys';
import { useLiveDevice } from './use-device-realtime';

const DEV = '0123456789abcdef01';
const URL = `/api/v2/devs/${DEV}/dev_data`;
const lounge = (mtemp: string) =>
  liveNode('Lounge', 2, { mtemp, stemp: '21.0', units: 'C', mode: 'auto' });

function withClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

const reads = (calls: { url: string }[]) => calls.filter((c) => c.url.endsWith(URL)).length;

beforeEach(signIn);

afterEach(() => {
  useSessionStore.getState().clear();
  vi.unstubAllGlobals();
});

describe('one device state: an HTTP read seeds it, the socket keeps it current', () => {
  test('a screen that reads the device seeds the entry the dashboard shows', async () => {
    const { calls } = installFakeFetch({ [`GET ${URL}`]: () => json(devData([lounge('19.5')])) });
    const { client, wrapper } = withClient();
    const { result } = renderHook(
      () => ({ read: useDeviceStates([DEV]), live: useLiveDevice(DEV) }),
      {
        wrapper,
      },
    );
    expect(result.current.read[0]?.isPending).toBe(true);
    await waitFor(() => expect(result.current.read[0]?.data?.nodes[0]?.status?.mtemp).toBe('19.5'));
    expect(result.current.live).toBe(result.current.read[0]?.data);
    expect(client.getQueryData(deviceKeys.live(DEV))).toBe(result.current.read[0]?.data);
    expect(reads(calls)).toBe(1);
  });

  test('a socket update changes what the screen reads, with no read again', async () => {
    const { calls } = installFakeFetch({ [`GET ${URL}`]: () => json(devData([lounge('19.5')])) });
    const { client, wrapper } = withClient();
    const { result } = renderHook(() => useDeviceStates([DEV]), { wrapper });
    await waitFor(() => expect(result.current[0]?.data).toBeDefined());
    act(() =>
      applyUpdateToCache(client, DEV, {
        path: '/htr/2/prog',
        body: { prog: { '0': Array<number>(24).fill(2) } },
      }),
    );
    act(() =>
      applyUpdateToCache(client, DEV, {
        path: '/htr/2/status',
        body: { mtemp: '22.5', stemp: '21.0', units: 'C', mode: 'auto' },
      }),
    );
    await waitFor(() => expect(result.current[0]?.data?.nodes[0]?.status?.mtemp).toBe('22.5'));
    expect(result.current[0]?.data?.nodes[0]?.prog).toEqual({
      prog: { '0': Array<number>(24).fill(2) },
    });
    expect(reads(calls)).toBe(1);
  });

  test('a socket snapshot already there shows at once; the screen still reads afresh', async () => {
    const { calls } = installFakeFetch({ [`GET ${URL}`]: () => json(devData([lounge('20.0')])) });
    const { client, wrapper } = withClient();
    applyDevDataToCache(client, DEV, devData([lounge('18.0')]));
    const { result } = renderHook(() => useDeviceStates([DEV]), { wrapper });
    expect(result.current[0]?.isPending).toBe(false);
    expect(result.current[0]?.data?.nodes[0]?.status?.mtemp).toBe('18.0');
    await waitFor(() => expect(result.current[0]?.data?.nodes[0]?.status?.mtemp).toBe('20.0'));
    expect(reads(calls)).toBe(1);
  });

  test('an update before any snapshot is not yet the device: the screen waits for its read', async () => {
    let answer: ((r: Response) => void) | undefined;
    installFakeFetch({ [`GET ${URL}`]: () => new Promise<Response>((r) => (answer = r)) });
    const { client, wrapper } = withClient();
    act(() => applyUpdateToCache(client, DEV, { path: '/connected', body: { connected: true } }));
    const { result } = renderHook(() => useDeviceStates([DEV]), { wrapper });
    expect(result.current[0]?.isPending).toBe(true);
    expect(result.current[0]?.data).toBeUndefined();
    await waitFor(() => expect(answer).toBeDefined());
    expect(result.current[0]?.isPending).toBe(true);
    await act(async () => answer?.(json(devData([lounge('19.0')]))));
    await waitFor(() => expect(result.current[0]?.data?.ready).toBe(true));
    expect(result.current[0]?.data?.connected).toBe(true);
  });

  test('a failed read is an error the screen tells (spec 3 §8), and a later snapshot clears it', async () => {
    installFakeFetch({
      [`GET ${URL}`]: () => json({ statusCode: 500, error: 'internal_error', message: 'x' }, 500),
    });
    const { client, wrapper } = withClient();
    const { result } = renderHook(() => useDeviceStates([DEV]), { wrapper });
    await waitFor(() => expect(result.current[0]?.isError).toBe(true));
    expect(result.current[0]?.isPending).toBe(false);
    act(() => applyDevDataToCache(client, DEV, devData([lounge('18.0')])));
    await waitFor(() => expect(result.current[0]?.isError).toBe(false));
    expect(result.current[0]?.data?.nodes[0]?.status?.mtemp).toBe('18.0');
  });

  test('the socket-fed screens never read the device over HTTP', async () => {
    const { calls } = installFakeFetch({ [`GET ${URL}`]: () => json(devData([])) });
    const { client, wrapper } = withClient();
    const { result } = renderHook(() => useLiveDevice(DEV), { wrapper });
    await act(() => client.invalidateQueries({ queryKey: deviceKeys.live(DEV) }));
    expect(result.current).toBeUndefined();
    expect(reads(calls)).toBe(0);
  });
});
