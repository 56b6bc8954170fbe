import { ERROR_TOAST_MS } from '@hearth/protocol';
import { create } from 'zustand';
import type { ErrorKind } from './errors';

interface ErrorToastState {
  kind: ErrorKind | null;
  /** Bumped on each report so that the same kind twice restarts the timer. */
  seq: number;
  suppressed: boolean;
  report: (kind: ErrorKind) => void;
  dismiss: () => void;
  /** Demo mode suppresses the toast (spec 1 §8). */
  setSuppressed: (suppressed: boolean) => void;
}

let timer: ReturnType<typeof setTimeout> | undefined;

export const useErrorToastStore = create<ErrorToastState>()((set, get) => ({
  kind: null,
  seq: 0,
  suppressed: false,
  report: (kind) => {
    if (get().suppressed) return;
    clearTimeout(timer);
    set((s) => ({ kind, seq: s.seq + 1 }));
    timer = setTimeout(() => set({ kind: null }), ERROR_TOAST_MS);
  },
  dismiss: () => {
    clearTimeout(timer);
    set({ kind: null });
  },
  setSuppressed: (suppressed) => set({ suppressed }),
}));

export function reportError(kind: ErrorKind): void {
  useErrorToastStore.getState().report(kind);
}
