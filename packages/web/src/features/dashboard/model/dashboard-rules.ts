import {
  nodeDisplayState,
  parseNodeType,
  HOME_CAROUSEL_MAX_HOMES,
  TABLE_VIEW_MIN_NODES,
  TABLE_VIEW_MIN_WIDTH_PX,
  type MgrNode,
  type NodeDisplayState,
  type NodeType,
  type NodeStatus,
  type SnapshotNode,
} from '@hearth/protocol';

type NodeLike = Pick<MgrNode, 'installed' | 'lost'> & { status?: NodeStatus | undefined };

/** Spec 1 §2: a checkbox only for installed, not lost, in-sync nodes. */
export function isSelectable(node: NodeLike): boolean {
  return node.installed && !node.lost && node.status?.sync_status !== 'unsync';
}

/** Spec 3 §2: a card opens the detail when installed, not lost and its device connected. */
export function opensDetail(node: NodeLike, deviceConnected: boolean): boolean {
  return node.installed && !node.lost && deviceConnected;
}

/**
 * How a card shows a node: spec 3 §2's display state, except that the nodes of a gateway that
 * is not connected are offline: their last report is stale and nothing sent reaches them.
 */
export function cardState(
  node: Pick<SnapshotNode, 'installed' | 'lost' | 'status' | 'setup'>,
  deviceConnected: boolean,
): NodeDisplayState {
  const state = nodeDisplayState(node);
  return deviceConnected || state === 'uninstalled' ? state : 'offline';
}

export type DashboardTab = 'heaters' | 'pmo';

/**
 * Spec 1 §2 "records (nodes installed)": the home records of the tab's kind of node — the power
 * monitors on their tab, otherwise the first installed kind of heater (radiators, storage
 * heaters, thermostats), or the power monitors of a home with no heater installed.
 */
export function recordsType(
  tab: DashboardTab,
  installedHeaterTypes: readonly NodeType[],
): 'htr' | 'acm' | 'thm' | 'pmo' {
  if (tab === 'pmo') return 'pmo';
  for (const type of ['htr', 'acm', 'thm'] as const)
    if (installedHeaterTypes.includes(type)) return type;
  return 'pmo';
}

/** Spec 3 §2: tab 0 is heaters, tab 1 power monitors; with no heaters the power tab is 0. */
export function dashboardTabs(heaterCount: number, pmoCount: number): DashboardTab[] {
  if (heaterCount === 0 && pmoCount > 0) return ['pmo'];
  return pmoCount > 0 ? ['heaters', 'pmo'] : ['heaters'];
}

/** An index from the query string, kept within the tabs that exist. */
export function tabAt(tabs: readonly DashboardTab[], index: number): DashboardTab {
  const i = Number.isInteger(index) && index >= 0 && index < tabs.length ? index : 0;
  return tabs[i] ?? 'heaters';
}

/** Spec 1 §2: select-all only on the heater tab with more than one heater. */
export function showSelectAll(tab: DashboardTab, heaterCount: number): boolean {
  return tab === 'heaters' && heaterCount > 1;
}

/** Spec 1 §2: the checkbox is hidden when only one active node exists. */
export function showCheckboxes(selectableCount: number): boolean {
  return selectableCount > 1;
}

/** Spec 1 §2: "selected N/total" only when more than one node is selected. */
export function showSelectionCount(selectedCount: number): boolean {
  return selectedCount > 1;
}

/** Spec 1 §2: the table is offered on screens ≥ 810 px with ≥ 10 nodes. */
export function tableViewOffered(width: number, nodeCount: number): boolean {
  return width >= TABLE_VIEW_MIN_WIDTH_PX && nodeCount >= TABLE_VIEW_MIN_NODES;
}

/** Spec 1 §2: a carousel up to 8 homes, a dropdown above. */
export function homePickerKind(homeCount: number): 'carousel' | 'dropdown' {
  return homeCount <= HOME_CAROUSEL_MAX_HOMES ? 'carousel' : 'dropdown';
}

/** Index from the query string, within [0, count). */
export function indexParam(raw: string | null, count: number): number {
  const n = Number(raw ?? 0);
  return Number.isInteger(n) && n >= 0 && n < count ? n : 0;
}

/** Spec 3 §3: a selected node is stored per home as serialized homeId, devId, addr and type. */
export function selectionKey(
  homeId: string,
  node: { devId: string; addr: number; type: string },
): string {
  return JSON.stringify([homeId, node.devId, node.addr, node.type]);
}

/** The node a selection key names, or nothing for a key that is not one. */
export function parseSelectionKey(
  key: string,
): { homeId: string; devId: string; addr: number; type: NodeType } | undefined {
  try {
    const value: unknown = JSON.parse(key);
    if (!Array.isArray(value) || value.length !== 4) return undefined;
    const [homeId, devId, addr, type] = value as unknown[];
    const nodeType = typeof type === 'string' ? parseNodeType(type) : undefined;
    if (typeof homeId !== 'string' || typeof devId !== 'string') return undefined;
    if (typeof addr !== 'number' || !Number.isInteger(addr) || !nodeType) return undefined;
    return { homeId, devId, addr, type: nodeType };
  } catch {
    return undefined;
  }
}

/**
 * Selected keys whose node is gone from the home (deleted, erased for replacement, or its
 * gateway removed): once every device has reported its nodes, they leave the selection, so a
 * node that later comes back at the same address starts unselected.
 */
export function staleSelection(
  selected: readonly string[],
  installedKeys: readonly string[],
): string[] {
  return selected.filter((key) => !installedKeys.includes(key));
}
