import { ERROR_TOAST_MS } from '@hearth/protocol';
import { create } from 'zustand';
import { waitMinutes, type ErrorKind } from './errors';

interface ErrorToastState {
  kind: ErrorKind | null;
  /**
   * A caller's own failure message (an i18n key, e.g. errors.alreadyRegistered, spec 1 §8),
   * shown in the same toast in place of a kind's message.
   */
  message: string | null;
  /**
   * The wait the server named for the reported failure, in whole minutes ("Too many attempts.
   * Try again in N minutes", ruling D12); null when it named none.
   */
  minutes: number | null;
  /** Bumped on each report so that the same kind twice restarts the timer. */
  seq: number;
  suppressed: boolean;
  /** A write's missing answer has been told and no answer has come since (ruling D8: once). */
  unansweredTold: boolean;
  report: (kind: ErrorKind, detail?: { retryAfterMs?: number }) => void;
  /** A request got an answer: the next write with none is a new failure burst, told again. */
  answered: () => void;
  /** Like `report`, suppressed in demo mode (spec 1 §1, §8). */
  reportMessage: (key: string) => void;
  dismiss: () => void;
  /** Demo mode suppresses the toast (spec 1 §8). */
  setSuppressed: (suppressed: boolean) => void;
}

let timer: ReturnType<typeof setTimeout> | undefined;

export const useErrorToastStore = create<ErrorToastState>()((set, get) => {
  const show = (shown: { kind: ErrorKind | null; message: string | null; minutes?: number }) => {
    clearTimeout(timer);
    set((s) => ({ minutes: null, ...shown, seq: s.seq + 1 }));
    timer = setTimeout(() => set({ kind: null, message: null, minutes: null }), ERROR_TOAST_MS);
  };
  return {
    kind: null,
    message: null,
    minutes: null,
    seq: 0,
    suppressed: false,
    unansweredTold: false,
    report: (kind, detail) => {
      if (get().suppressed) return;
      if (kind === 'changesNotSaved') {
        if (get().unansweredTold) return;
        set({ unansweredTold: true });
      }
      const wait = detail?.retryAfterMs;
      show({ kind, message: null, ...(wait === undefined ? {} : { minutes: waitMinutes(wait) }) });
    },
    answered: () => {
      if (get().unansweredTold) set({ unansweredTold: false });
    },
    reportMessage: (key) => {
      if (!get().suppressed) show({ kind: null, message: key });
    },
    dismiss: () => {
      clearTimeout(timer);
      set({ kind: null, message: null, minutes: null });
    },
    setSuppressed: (suppressed) => set({ suppressed }),
  };
});

export function reportError(kind: ErrorKind, detail?: { retryAfterMs?: number }): void {
  useErrorToastStore.getState().report(kind, detail);
}

/** A caller's failure message in the error toast, for ERROR_TOAST_MS (spec 1 §8). */
export function reportErrorMessage(key: string): void {
  useErrorToastStore.getState().reportMessage(key);
}
