import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useSessionStore } from '../lib/session/session-store';

/**
 * Drops every cached answer when the session ends (logout, or a 401 anywhere), so the
 * next user never sees the previous user's homes (nor a demo visitor's sample homes).
 */
export function useForgetOnSignOut(queryClient: QueryClient): void {
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        const signedOut = previous.token !== '' && state.token === '';
        // Entering or leaving demo mode swaps the sample homes for real ones, or back.
        if (signedOut || previous.demo !== state.demo) queryClient.clear();
      }),
    [queryClient],
  );
}
