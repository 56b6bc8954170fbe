import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface PresenceConfig {
  enabled: boolean;
  excluded_nodes?: Array<{ devid: string; nodes: number[] }>;
}

/** Quiet-home notifications (spec 3 §7): read failures are ignored, so the call is quiet. */
export function getPresenceConfig(homeId: string, signal?: AbortSignal): Promise<PresenceConfig> {
  return http.request<PresenceConfig>(
    `/api/notifications/v1/${encodeURIComponent(homeId)}/presence/config`,
    { signal, quiet: true },
  );
}

export function usePresenceConfig(homeId: string) {
  return useQuery({
    queryKey: ['groups', homeId, 'presence', 'config'],
    queryFn: ({ signal }) => getPresenceConfig(homeId, signal),
    retry: false,
  });
}
