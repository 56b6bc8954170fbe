import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs a callback after a delay; leaving the screen cancels it (spec 1 §2: "leaving the
 * page cancels the timer and the message").
 */
export function useLater(): { later: (fn: () => void, ms: number) => void; cancel: () => void } {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  useEffect(() => cancel, [cancel]);
  const later = useCallback((fn: () => void, ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(fn, ms);
  }, []);
  return { later, cancel };
}
