import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isHeaterType, type GroupedHome } from '@hearth/protocol';
import {
  homeAway,
  homeConnected,
  homeTimeZone,
  sortNodes,
  useHomeDevices,
  useHomes,
  useNodeSortMethod,
  type HomeDevice,
  type LiveNode,
} from '../../lib/devices';
import {
  dashboardTabs,
  indexParam,
  isSelectable,
  recordsType,
  selectionKey,
  showCheckboxes,
  showSelectAll,
  staleSelection,
  tabAt,
  type DashboardTab,
} from './model/dashboard-rules';
import { useHomeSelection, useSelectionStore } from './model/selection-store';
import { nodeShared, useMyAccess } from '../../lib/sharing';

/** A power monitor with the gateway it hangs on, as the power tab receives them. */
export interface PowerMonitorEntry {
  homeId: string;
  devId: string;
  node: LiveNode;
  deviceConnected: boolean;
}

const monitorsOf = (d: HomeDevice) => d.nodes.filter((n) => n.type === 'pmo');

/** Everything the dashboard shows for the chosen home, derived from the cache and the URL. */
export function useDashboard() {
  const homes = useHomes();
  const [params, setParams] = useSearchParams();
  const list: GroupedHome[] = homes.data ?? [];
  const homeIndex = indexParam(params.get('homeIndex'), list.length);
  const home = list[homeIndex];
  const devices = useHomeDevices(home);
  const homeId = home?.id ?? '';
  const selected = useHomeSelection(homeId);
  const store = useSelectionStore();
  const sortMethod = useNodeSortMethod(homeId);
  // docs/sharing.md: a guest sees only the rooms of the scope, and none outside its window.
  const access = useMyAccess(home?.id, home?.owner).data;
  // Spec 2 §2: the node sort method of the heater system settings orders the heaters.
  const heatersOf = (d: HomeDevice) =>
    sortNodes(
      d.nodes.filter(
        (n) => isHeaterType(n.type) && nodeShared(access, { ...n, devId: d.dev.dev_id }),
      ),
      sortMethod,
    );

  const heaters = devices.flatMap(heatersOf);
  const monitors: PowerMonitorEntry[] = devices.flatMap((d) =>
    monitorsOf(d).map((node) => ({
      homeId,
      devId: d.dev.dev_id,
      node,
      deviceConnected: d.connected,
    })),
  );
  const tabs = dashboardTabs(heaters.length, monitors.length);
  const tabIndex = indexParam(params.get('tabIndex'), tabs.length);
  const tab: DashboardTab = tabAt(tabs, tabIndex);

  // A guest controls rooms one at a time: the multi-room screen edits weekly programmes and
  // settings, which no guest may write (docs/sharing.md), so a guest selects nothing.
  const guest = access?.role === 'guest';
  const selectableKeys = devices.flatMap((d) =>
    heatersOf(d)
      .filter((n) => !guest && isSelectable(n))
      .map((n) => selectionKey(homeId, { devId: d.dev.dev_id, ...n })),
  );
  const selectedHere = selected.filter((k) => selectableKeys.includes(k));
  const loaded = devices.every((d) => d.loaded);
  const installedKeys = devices.flatMap((d) =>
    heatersOf(d)
      .filter((n) => n.installed)
      .map((n) => selectionKey(homeId, { devId: d.dev.dev_id, ...n })),
  );
  const stale = loaded && devices.length > 0 ? staleSelection(selected, installedKeys) : [];
  const staleKey = stale.join('|');
  // Spec 3 §4: a deleted (or replaced) node is deselected.
  useEffect(() => {
    if (stale.length > 0) useSelectionStore.getState().drop(homeId, stale);
    // staleKey stands for the list's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [homeId, staleKey]);

  // Stable, so that the memoised cards keep their props.
  const toggle = useCallback(
    (key: string) => useSelectionStore.getState().toggle(homeId, key),
    [homeId],
  );

  const go = (next: { homeIndex?: number; tabIndex?: number }) => {
    const q = new URLSearchParams(params);
    if (next.homeIndex !== undefined) {
      q.set('homeIndex', String(next.homeIndex));
      q.delete('tabIndex');
    }
    if (next.tabIndex !== undefined) q.set('tabIndex', String(next.tabIndex));
    setParams(q, { replace: true });
  };

  return {
    homes,
    list,
    home,
    /** The caller's rights on the home; unset for the owner or until read (docs/sharing.md). */
    access,
    homeIndex,
    devices,
    connected: homeConnected(devices),
    away: homeAway(devices),
    timeZone: homeTimeZone(devices),
    heaters,
    heatersOf,
    monitors,
    tabs,
    tab,
    tabIndex,
    loaded,
    anyInstalled: heaters.some((n) => n.installed) || monitors.some((m) => m.node.installed),
    recordsType: recordsType(
      tab,
      heaters.filter((n) => n.installed).map((n) => n.type),
    ),
    showCheckboxes: showCheckboxes(selectableKeys.length),
    canSelectAll: !guest && showSelectAll(tab, heaters.length),
    selectableCount: selectableKeys.length,
    selected: selectedHere,
    toggle,
    selectAll: () => store.setAll(homeId, selectableKeys),
    deselectAll: () => store.clear(homeId),
    selectHome: (index: number) => go({ homeIndex: index }),
    selectTab: (index: number) => go({ tabIndex: index }),
  };
}

export type DashboardModel = ReturnType<typeof useDashboard>;
