type Listener = () => void;

const listeners = new Set<Listener>();
let stopSources: (() => void) | undefined;

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function onVisibility(): void {
  if (document.visibilityState === 'visible') notify();
}

/**
 * The moments a lost connection is worth trying again at once rather than at its next turn.
 * The native app's resume reaches each socket through its own resume (lib/devices) and the
 * failed reads through the app shell, which both hold the platform.
 */
function startSources(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', notify);
  window.addEventListener('focus', notify);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('focus', notify);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * Calls `listener` when the browser comes online, the window gets the focus, the page is shown
 * again, or someone asks for it (wakeConnections: "Try now", the server answering again).
 */
export function onWake(listener: Listener): () => void {
  listeners.add(listener);
  stopSources ??= startSources();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stopSources?.();
      stopSources = undefined;
    }
  };
}

/** Tries every lost connection and failed read again now. */
export function wakeConnections(): void {
  notify();
}
