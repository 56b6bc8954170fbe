import { isNativeShell } from '../../lib/platform/is-native-shell';

/**
 * Installs the service worker that keeps the app shell for offline starts (the production
 * web build only: the native shells carry the files, and the dev server has no /sw.js).
 */
export function registerServiceWorker(): void {
  if (isNativeShell() || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    // Without a worker the app still runs online; there is nothing to tell the user.
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
