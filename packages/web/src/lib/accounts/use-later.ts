import { useCallback, useEffect, useRef } from 'react';

/**
 * Where the app is: the path, the query and the history entry (React Router gives each entry
 * its own key), so that going elsewhere and coming back by a new entry counts as leaving.
 */
function whereNow(): string {
  const key = (window.history.state as { key?: string } | null)?.key ?? '';
  return `${window.location.pathname}${window.location.search}#${key}`;
}

/**
 * Runs a callback after a delay; leaving the screen cancels it (spec 1 §2: "leaving the
 * page cancels the timer and the message"). Ionic keeps a page mounted under the one the user
 * moves on to, so leaving is also the app being elsewhere when the delay is over.
 */
export function useLater(): { later: (fn: () => void, ms: number) => void; cancel: () => void } {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  useEffect(() => cancel, [cancel]);
  const later = useCallback((fn: () => void, ms: number) => {
    clearTimeout(timer.current);
    const scheduledAt = whereNow();
    timer.current = setTimeout(() => {
      if (whereNow() === scheduledAt) fn();
    }, ms);
  }, []);
  return { later, cancel };
}
