/**
 * Runs `task` when the browser is idle (requestIdleCallback where there is one, else on the
 * next turn), at the latest after `timeoutMs` when given; returns what cancels it.
 */
export function whenIdle(task: () => void, timeoutMs?: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(
      () => task(),
      timeoutMs === undefined ? undefined : { timeout: timeoutMs },
    );
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
}
