import { useEffect, useState } from 'react';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiOrigin } from '../../../lib/config';
import { http } from '../../../lib/http';
import { platform } from '../../../lib/platform';
import { useConnectDevice } from '../../../lib/socket/realtime-context';
import type { SocketStatus } from '../../../lib/socket/device-socket';
import { dashboardKeys } from '../api/keys';
import { applyDevDataToCache, applyUpdateToCache } from './device-cache';
import type { DeviceState } from './device-state';

/** Keeps one socket open for the device while mounted, feeding the query cache. */
export function useDeviceRealtime(devId: string): SocketStatus {
  const client = useQueryClient();
  const connect = useConnectDevice();
  const [status, setStatus] = useState<SocketStatus>('connecting');

  useEffect(() => {
    const connection = connect({
      origin: apiOrigin(),
      devId,
      getToken: () => http.getValidToken(),
      onDevData: (snapshot) => applyDevDataToCache(client, devId, snapshot),
      onUpdate: (event) => applyUpdateToCache(client, devId, event),
      onStatus: setStatus,
    });
    const stopResume = platform.onResume(connection.resume);
    return () => {
      stopResume();
      connection.close();
    };
  }, [client, connect, devId]);

  return status;
}

/** The device's realtime state; only the socket writes it, so it never goes stale. */
export function useLiveDevice(devId: string): DeviceState | undefined {
  return useQuery<DeviceState>({
    queryKey: dashboardKeys.live(devId),
    queryFn: skipToken,
    staleTime: Infinity,
  }).data;
}
