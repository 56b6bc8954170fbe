import { useEffect, useRef } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { http } from '../lib/http';
import { platform as defaultPlatform, type Platform } from '../lib/platform';
import { useConnectionStore } from '../lib/socket/connection-store';
import { createReconnector } from '../lib/socket/reconnect-policy';
import { onWake, wakeConnections } from '../lib/socket/wake';

/** Every read that failed and is still on screen is read again (the home list opened offline). */
function refetchFailed(queryClient: QueryClient): void {
  void queryClient.refetchQueries({
    type: 'active',
    predicate: (query) => query.state.status === 'error',
  });
}

/**
 * Issue 25: the app comes back by itself. Failed reads are read again when the connection may
 * be back (online, focus, shown again, resume, "Try now"); while the server is not reached it is
 * asked again with the sockets' backoff; and once it answers, every socket tries at once.
 */
export function useServerRecovery(
  queryClient: QueryClient,
  platform: Platform = defaultPlatform,
): void {
  const reachable = useConnectionStore((s) => s.reachable);
  const wasReachable = useRef(reachable);

  useEffect(() => {
    const again = () => refetchFailed(queryClient);
    const stopWake = onWake(again);
    const stopResume = platform.onResume(again);
    return () => {
      stopWake();
      stopResume();
    };
  }, [queryClient, platform]);

  useEffect(() => {
    const back = reachable && !wasReachable.current;
    wasReachable.current = reachable;
    if (back) wakeConnections();
    if (reachable) return;
    const probe = createReconnector({
      attempt: () => {
        http.request('/health_check', { auth: false, quiet: true }).then(
          () => probe.succeeded(),
          () => probe.failed(),
        );
      },
    });
    probe.failed();
    const stopWake = onWake(probe.now);
    return () => {
      stopWake();
      probe.stop();
    };
  }, [reachable]);
}
