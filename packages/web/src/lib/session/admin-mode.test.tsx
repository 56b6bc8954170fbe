import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, test } from 'vitest';
import { useAdminMode, useAdminModeStore } from './admin-mode';
import { useSessionStore } from './session-store';

const at =
  (path: string) =>
  ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
  );

beforeEach(() => {
  useAdminModeStore.setState({ enabled: false });
  sessionStorage.clear();
  useSessionStore.setState({ token: 't', refreshToken: 'r', username: 'a@b.c', demo: false });
});

describe('admin mode', () => {
  test('is off without the query flag', () => {
    const { result } = renderHook(() => useAdminMode(), { wrapper: at('/list') });
    expect(result.current).toBe(false);
  });

  test('adminMode=1 turns it on for every later screen, and for a reload of the tab', () => {
    renderHook(() => useAdminMode(), { wrapper: at('/?adminMode=1') });
    const later = renderHook(() => useAdminMode(), { wrapper: at('/list/homes/h1/data') });
    expect(later.result.current).toBe(true);
    expect(sessionStorage.getItem('adminMode')).toBe('1');
  });

  test('signing out turns it off', () => {
    renderHook(() => useAdminMode(), { wrapper: at('/?adminMode=1') });
    useSessionStore.getState().clear();
    const later = renderHook(() => useAdminMode(), { wrapper: at('/list') });
    expect(later.result.current).toBe(false);
    expect(sessionStorage.getItem('adminMode')).toBeNull();
  });
});
