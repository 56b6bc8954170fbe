import { SUCCESS_TOAST_MS } from '@hearth/protocol';

/** Spec 2 §9 / spec 3 §9: save, delete and transfer toasts last 2 s, the spec 1 §9 success toast. */
export const SAVE_TOAST_MS = SUCCESS_TOAST_MS;
