import { skipToken, useQueries } from '@tanstack/react-query';
import { isWifiHeaterProduct, type Dev, type GroupedHome } from '@hearth/protocol';
import type { SocketStatus } from '../socket/device-socket';
import { mergeNodes, type DeviceState, type LiveNode } from './device-state';
import { deviceStateQuery } from './device-state-query';
import { nodesQueryOptions } from './get-nodes';
import { deviceKeys } from './keys';

/** A gateway of a home with what is known about it right now. */
export interface HomeDevice {
  dev: Dev;
  live: DeviceState | undefined;
  socket: SocketStatus;
  nodes: LiveNode[];
  /** The gateway's socket is up and the device itself reports connected. */
  connected: boolean;
  wifiHeater: boolean;
  /** The node list has loaded (from `/mgr/nodes` or a snapshot). */
  loaded: boolean;
}

/**
 * Spec 3 §4: a device is connected unless it reports otherwise. A socket that is down says
 * nothing of the gateway (issue 25: the server not reached is its own state, told by the app
 * shell, and the gateway's last values show with their age, not as "offline").
 */
export function deviceConnected(live: DeviceState | undefined): boolean {
  return live?.connected !== false;
}

/** Spec 3 §4: a home is connected if any device is connected or is a wifi heater. */
export function homeConnected(devices: readonly HomeDevice[]): boolean {
  return devices.some((d) => d.connected || d.wifiHeater);
}

/** Spec 3 §4: a home is away if any device reports away. */
export function homeAway(devices: readonly HomeDevice[]): boolean {
  return devices.some((d) => d.live?.away_status?.away === true);
}

/** The home's time zone from the first device that knows one (geo_data.tz_code). */
export function homeTimeZone(devices: readonly HomeDevice[]): string | undefined {
  for (const d of devices) {
    const tz = d.live?.geo_data?.tz_code;
    if (typeof tz === 'string' && tz !== '') return tz;
  }
  return undefined;
}

/** Every device of a home, merged from the node lists and the realtime cache. */
export function useHomeDevices(home: GroupedHome | undefined): HomeDevice[] {
  const devs = home?.devs ?? [];
  const lists = useQueries({ queries: devs.map((d) => nodesQueryOptions(d.dev_id)) });
  // Fed by the sockets only: these observers never read the state over HTTP.
  const lives = useQueries({
    queries: devs.map((d) => ({
      ...deviceStateQuery(d.dev_id),
      enabled: false,
      staleTime: Infinity,
    })),
  });
  const sockets = useQueries({
    queries: devs.map((d) => ({
      queryKey: deviceKeys.socket(d.dev_id),
      queryFn: skipToken,
      staleTime: Infinity,
    })),
  });
  return devs.map((dev, i) => {
    const live = lives[i]?.data;
    const socket = (sockets[i]?.data as SocketStatus | undefined) ?? 'connecting';
    const listed = lists[i]?.data;
    return {
      dev,
      live,
      socket,
      nodes: mergeNodes(listed, live),
      connected: deviceConnected(live),
      wifiHeater: isWifiHeaterProduct(dev.product_id),
      loaded: lists[i]?.isSuccess === true || live?.ready === true,
    };
  });
}
