import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { installFakeFetch, json } from '../../../test/fake-fetch';
import { useErrorToastStore } from '../../../lib/http';
import { NOT_REFUSALS, REFUSALS, countToasts, errorBody } from '../../../test/toast-count';
import { formatServerVersion, useServerVersion, type ServerVersion } from './version';

describe('formatServerVersion', () => {
  test('shows the three numbers and the first 4 characters of the commit', () => {
    expect(
      formatServerVersion({ major: '1', minor: '4', subminor: '2', commit: 'abcdef123' }),
    ).toBe('1.4.2 (abcd)');
  });
  test('a server that names no commit shows unknown in its place instead of failing', () => {
    const noCommit = { major: '1', minor: '4', subminor: '2' } as unknown as ServerVersion;
    expect(formatServerVersion(noCommit, 'desconocido')).toBe('1.4.2 (desconocido)');
    expect(formatServerVersion({ ...noCommit, commit: '' })).toBe('1.4.2 (unknown)');
  });
  test('is undefined until the server answered, so the page shows unknown', () => {
    expect(formatServerVersion(undefined)).toBeUndefined();
  });
});

/** The version read in a query client of its own. */
function renderVersion() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useServerVersion(), { wrapper });
}

describe('a failed read of the server version (spec 1 §8)', () => {
  afterEach(() => {
    useErrorToastStore.getState().dismiss();
    vi.unstubAllGlobals();
  });

  test.each([400, 409, 500])('%i is the dataUpdate error', async (status) => {
    installFakeFetch({
      'GET /version': () => json({ message: 'no', statusCode: status, error: 'x' }, status),
    });
    const { result } = renderVersion();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(useErrorToastStore.getState().kind).toBe('dataUpdate');
  });

  test.each([...REFUSALS, ...NOT_REFUSALS])(
    "%i with code %s is the dataUpdate error, told once: the server's code says who tells it",
    async (status, code) => {
      installFakeFetch({ 'GET /version': () => json(errorBody(status, code), status) });
      const told = countToasts();
      const { result } = renderVersion();
      await waitFor(() => expect(result.current.isError).toBe(true));
      expect(useErrorToastStore.getState().kind).toBe('dataUpdate');
      expect(told()).toBe(1);
    },
  );
});
