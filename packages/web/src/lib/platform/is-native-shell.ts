/**
 * Whether the app runs inside the native shell, read the way Capacitor reads it (its bridge
 * globals), without importing Capacitor: the light sign-in screen and the service worker's
 * registration need only this answer, and Capacitor stays out of their JavaScript.
 */
export function isNativeShell(win: Window = window): boolean {
  const w = win as Window & {
    androidBridge?: unknown;
    webkit?: { messageHandlers?: { bridge?: unknown } };
    CapacitorCustomPlatform?: { name?: string } | null;
  };
  if (w.CapacitorCustomPlatform) return w.CapacitorCustomPlatform.name !== 'web';
  return Boolean(w.androidBridge ?? w.webkit?.messageHandlers?.bridge);
}
