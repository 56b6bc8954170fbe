/** Spec 2 §9 / spec 3 §9: save, delete and transfer toasts last 2 s. */
export const SAVE_TOAST_MS = 2_000;
