import { create } from 'zustand';

/**
 * Spec 2 §2 heater system settings, §7 "Local preferences" (setHtrSystemSortMethod): how the
 * nodes of a home are ordered, remembered on this device per home. Default: by address.
 */
export const NODE_SORT_METHODS = ['addr', 'name'] as const;
export type NodeSortMethod = (typeof NODE_SORT_METHODS)[number];
export const NODE_SORT_STORAGE_KEY = 'htrSystemSortMethod';

type ByHome = Record<string, NodeSortMethod>;

function load(storage: Storage | undefined): ByHome {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(NODE_SORT_STORAGE_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([, m]) => NODE_SORT_METHODS.includes(m as NodeSortMethod)),
    ) as ByHome;
  } catch {
    // A corrupt preference falls back to the default order.
    return {};
  }
}

interface NodeSortState {
  byHome: ByHome;
  setMethod: (homeId: string, method: NodeSortMethod) => void;
}

export const useNodeSortStore = create<NodeSortState>((set, get) => ({
  byHome: load(globalThis.localStorage),
  setMethod: (homeId, method) => {
    const byHome = { ...get().byHome, [homeId]: method };
    set({ byHome });
    globalThis.localStorage?.setItem(NODE_SORT_STORAGE_KEY, JSON.stringify(byHome));
  },
}));

export function useNodeSortMethod(homeId: string): NodeSortMethod {
  return useNodeSortStore((s) => s.byHome[homeId] ?? 'addr');
}

/** Nodes in the chosen order; ties (same name) fall back to the address. */
export function sortNodes<T extends { addr: number; name: string }>(
  nodes: readonly T[],
  method: NodeSortMethod,
  locale?: string,
): T[] {
  const byAddr = (a: T, b: T) => a.addr - b.addr;
  if (method === 'addr') return [...nodes].sort(byAddr);
  return [...nodes].sort(
    (a, b) => a.name.localeCompare(b.name, locale, { sensitivity: 'base' }) || byAddr(a, b),
  );
}
