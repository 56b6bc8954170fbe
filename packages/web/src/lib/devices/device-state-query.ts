import { queryOptions, useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { DevData } from '@hearth/protocol';
import { http } from '../http';
import { deviceUrl } from './device-paths';
import { applyDevData, type DeviceState } from './device-state';
import { deviceKeys } from './keys';

/**
 * The device's state, one cache entry for the whole app: an HTTP `dev_data` read seeds it (the
 * screens that hold no socket, or open before it has spoken) and the device's socket keeps it
 * current (its snapshot on every connection and each `update`, device-cache.ts). Every observer
 * of the entry takes these options, so whichever last rendered, a read is the same read; the
 * socket-fed screens observe it disabled and never read it over HTTP.
 */
export function deviceStateQuery(devId: string) {
  return queryOptions({
    queryKey: deviceKeys.live(devId),
    queryFn: async ({ signal, client }): Promise<DeviceState> => {
      const snapshot = await http.request<DevData>(deviceUrl(devId, 'dev_data'), { signal });
      // Merged as a socket's snapshot is: what is known of nodes it does not list is kept.
      return applyDevData(client.getQueryData<DeviceState>(deviceKeys.live(devId)), snapshot);
    },
  });
}

/** A device's state as a screen that reads it waits for it. */
export interface DeviceStateRead {
  /** The state once a snapshot (HTTP or socket) has arrived. */
  data: DeviceState | undefined;
  /** No snapshot yet and no failure: the screen waits. */
  isPending: boolean;
  /** The last read failed (spec 3 §8 data-update error), even if older state is kept. */
  isError: boolean;
  error: unknown;
}

// Module-level so TanStack Query keeps the combined value while no result changes.
function readStates(results: UseQueryResult<DeviceState>[]): DeviceStateRead[] {
  return results.map((r) => {
    // An `update` before any snapshot leaves a state that is not ready: not yet the device's.
    const data = r.data?.ready === true ? r.data : undefined;
    return { data, isPending: !data && !r.isError, isError: r.isError, error: r.error };
  });
}

/**
 * The state of these devices, read over HTTP when a screen opens (as fresh as the screen, and
 * again after its writes) and kept current by the socket while one is open: the same entry the
 * dashboard and node detail show.
 */
export function useDeviceStates(devIds: readonly string[]): DeviceStateRead[] {
  return useQueries({ queries: devIds.map((id) => deviceStateQuery(id)), combine: readStates });
}
