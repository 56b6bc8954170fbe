import { create } from 'zustand';

/** Selected nodes per home (spec 3 §3), as serialized selection keys. */
interface SelectionState {
  byHome: Record<string, readonly string[]>;
  toggle: (homeId: string, key: string) => void;
  setAll: (homeId: string, keys: readonly string[]) => void;
  clear: (homeId: string) => void;
  drop: (homeId: string, keys: readonly string[]) => void;
}

export const useSelectionStore = create<SelectionState>((set) => ({
  byHome: {},
  toggle: (homeId, key) =>
    set((s) => {
      const current = s.byHome[homeId] ?? [];
      const next = current.includes(key) ? current.filter((k) => k !== key) : [...current, key];
      return { byHome: { ...s.byHome, [homeId]: next } };
    }),
  setAll: (homeId, keys) => set((s) => ({ byHome: { ...s.byHome, [homeId]: [...keys] } })),
  clear: (homeId) => set((s) => ({ byHome: { ...s.byHome, [homeId]: [] } })),
  drop: (homeId, keys) =>
    set((s) => ({
      byHome: {
        ...s.byHome,
        [homeId]: (s.byHome[homeId] ?? []).filter((k) => !keys.includes(k)),
      },
    })),
}));

const NONE: readonly string[] = [];

export function useHomeSelection(homeId: string): readonly string[] {
  return useSelectionStore((s) => s.byHome[homeId] ?? NONE);
}
