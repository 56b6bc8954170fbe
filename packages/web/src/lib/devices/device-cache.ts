import { notifyManager, type QueryClient } from '@tanstack/react-query';
import { parseDevicePath, type DevData, type MgrNode, type UpdateEvent } from '@hearth/protocol';
import { deviceKeys } from './keys';
import { applyDevData, applyUpdate, toMgrNodes, type DeviceState } from './device-state';

/** Seeds the device's cache entries from a `dev_data` snapshot. */
export function applyDevDataToCache(client: QueryClient, devId: string, snapshot: DevData): void {
  // One batch: the screens watching both entries render once for the snapshot, not per entry.
  notifyManager.batch(() => {
    client.setQueryData<DeviceState>(deviceKeys.live(devId), (prev) =>
      applyDevData(prev, snapshot),
    );
    if (snapshot.nodes.length > 0) {
      client.setQueryData<MgrNode[]>(deviceKeys.nodes(devId), toMgrNodes(snapshot.nodes));
    }
  });
}

/** Applies an `update` to the cache; a new node list also becomes the `/mgr/nodes` answer. */
export function applyUpdateToCache(client: QueryClient, devId: string, event: UpdateEvent): void {
  const before = client.getQueryData<DeviceState>(deviceKeys.live(devId));
  const after = applyUpdate(before, event);
  if (after === before) return;
  notifyManager.batch(() => {
    client.setQueryData<DeviceState>(deviceKeys.live(devId), after);
    if (after.nodes !== before?.nodes && parseDevicePath(event.path)?.kind === 'mgr_nodes') {
      client.setQueryData<MgrNode[]>(deviceKeys.nodes(devId), toMgrNodes(after.nodes));
    }
  });
}
