import { useCallback, useEffect, useRef, useState } from 'react';

export interface DeferredSave<T> {
  /** Keeps the latest value and restarts the inactivity timer. */
  stage: (value: T) => void;
  /** Saves the staged value now, if any (leaving the screen, or an immediate save). */
  flush: () => void;
  /** Drops the staged value without saving it. */
  discard: () => void;
  pending: boolean;
}

/**
 * Spec 3 §4 and §9: schedule edits are saved after a quiet period and flushed when the user
 * leaves, so a burst of taps becomes one request and nothing is lost on the way out.
 */
export function useDeferredSave<T>(save: (value: T) => void, delayMs: number): DeferredSave<T> {
  const saveRef = useRef(save);
  const staged = useRef<{ value: T } | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const clearTimer = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };

  const flush = useCallback(() => {
    clearTimer();
    const entry = staged.current;
    staged.current = undefined;
    if (entry === undefined) return;
    setPending(false);
    saveRef.current(entry.value);
  }, []);

  const stage = useCallback(
    (value: T) => {
      staged.current = { value };
      setPending(true);
      clearTimer();
      timer.current = setTimeout(flush, delayMs);
    },
    [delayMs, flush],
  );

  const discard = useCallback(() => {
    clearTimer();
    staged.current = undefined;
    setPending(false);
  }, []);

  // Leaving: the page closes or reloads, or the screen unmounts.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return { stage, flush, discard, pending };
}
