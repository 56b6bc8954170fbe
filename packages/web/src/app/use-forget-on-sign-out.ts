import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../lib/session/session-store';

/**
 * Drops every cached answer when the session ends (logout, or a 401 anywhere), so the
 * next user never sees the previous user's homes.
 */
export function useForgetOnSignOut(queryClient: QueryClient): void {
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (previous.token !== '' && state.token === '') queryClient.clear();
      }),
    [queryClient],
  );
}
