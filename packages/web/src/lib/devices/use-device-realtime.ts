import { useEffect } from 'react';
import { skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiOrigin } from '../config';
import { http } from '../http';
import { platform } from '../platform';
import { useConnectDevice, type ConnectDevice } from '../socket/realtime-context';
import type { SocketStatus } from '../socket/device-socket';
import { deviceKeys } from './keys';
import { applyDevDataToCache, applyUpdateToCache } from './device-cache';
import type { DeviceState } from './device-state';
import { deviceStateQuery } from './device-state-query';

interface Shared {
  users: number;
  close: () => void;
}

// The dashboard stays mounted under a detail page (Ionic's page stack), so two screens may
// want the same gateway at once; one socket per gateway is kept and shared by count.
const sharedByClient = new WeakMap<QueryClient, Map<string, Shared>>();

function acquire(client: QueryClient, connect: ConnectDevice, devId: string): () => void {
  let shared = sharedByClient.get(client);
  if (!shared) {
    shared = new Map();
    sharedByClient.set(client, shared);
  }
  const table = shared;
  const existing = table.get(devId);
  if (existing) {
    existing.users += 1;
  } else {
    const connection = connect({
      origin: apiOrigin(),
      devId,
      getToken: () => http.getValidToken(),
      onDevData: (snapshot) => applyDevDataToCache(client, devId, snapshot),
      onUpdate: (event) => applyUpdateToCache(client, devId, event),
      onStatus: (status) => client.setQueryData<SocketStatus>(deviceKeys.socket(devId), status),
    });
    const stopResume = platform.onResume(connection.resume);
    table.set(devId, {
      users: 1,
      close: () => {
        stopResume();
        connection.close();
      },
    });
  }
  return () => {
    const entry = table.get(devId);
    if (!entry) return;
    entry.users -= 1;
    if (entry.users === 0) {
      table.delete(devId);
      entry.close();
    }
  };
}

/** Keeps one socket open for the device while mounted, feeding the query cache. */
export function useDeviceRealtime(devId: string): SocketStatus {
  const client = useQueryClient();
  const connect = useConnectDevice();
  useEffect(() => acquire(client, connect, devId), [client, connect, devId]);
  return useSocketStatus(devId);
}

/** The socket state as the connection last reported it ('connecting' before the first report). */
export function useSocketStatus(devId: string): SocketStatus {
  const { data } = useQuery<SocketStatus>({
    queryKey: deviceKeys.socket(devId),
    queryFn: skipToken,
    staleTime: Infinity,
  });
  return data ?? 'connecting';
}

/**
 * The device's state as the socket keeps it: this observer never reads it over HTTP (the
 * socket's snapshot on every connection does), though a screen's read may have seeded it.
 */
export function useLiveDevice(devId: string): DeviceState | undefined {
  return useQuery({ ...deviceStateQuery(devId), enabled: false, staleTime: Infinity }).data;
}
