import { useDeviceRealtime } from './use-device-realtime';

function DeviceSocket({ devId }: { devId: string }) {
  useDeviceRealtime(devId);
  return null;
}

/** Keeps the sockets of these gateways open while mounted (one per gateway, shared). */
export function DeviceSockets({ devIds }: { devIds: readonly string[] }) {
  return devIds.map((devId) => <DeviceSocket key={devId} devId={devId} />);
}
