import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useBrand } from '../lib/branding';
import { deviceKeys } from '../lib/devices/keys';
import { platform as defaultPlatform, type Platform } from '../lib/platform';

/** Screens where Android's back button leaves the app instead of going back. */
const ROOT_PATHS = new Set(['/', '/login']);

export function isRootPath(pathname: string): boolean {
  return ROOT_PATHS.has(pathname.replace(/\/+$/, '') || '/');
}

/** Ionic's hardware back event: handlers register with a priority; the highest runs first. */
interface BackButtonDetail {
  register: (priority: number, handler: (processNextHandler: () => void) => void) => void;
}

/**
 * Android's back button: overlays and the menu close first (Ionic priorities 100 and 99),
 * then at a root screen the app exits, elsewhere Ionic's router goes back (priority 0).
 */
function useHardwareBack(platform: Platform): void {
  useEffect(() => {
    if (platform.kind !== 'android') return;
    // Listening makes Capacitor hand the key to the web view, where Ionic dispatches it.
    const stopNative = platform.onBackButton(() => undefined);
    const onBack = (event: Event) => {
      (event as CustomEvent<BackButtonDetail>).detail.register(1, (next) => {
        if (isRootPath(window.location.pathname)) void platform.exitApp();
        else next();
      });
    };
    document.addEventListener('ionBackButton', onBack);
    return () => {
      stopNative();
      document.removeEventListener('ionBackButton', onBack);
    };
  }, [platform]);
}

/**
 * Spec 1 §4: on resume the home and device lists are read again (vanished homes and devices
 * go, new ones come, names re-sync); each device socket reconnects through its own resume hook.
 */
function useResumeRefresh(queryClient: QueryClient, platform: Platform): void {
  useEffect(
    () =>
      platform.onResume(() => {
        void queryClient.invalidateQueries({ queryKey: deviceKeys.homes() });
        void queryClient.invalidateQueries({
          predicate: ({ queryKey }) =>
            queryKey[0] === 'devs' && queryKey[2] === 'mgr' && queryKey[3] === 'nodes',
        });
      }),
    [queryClient, platform],
  );
}

/** Spec 1 §4: on mobile the status bar takes the brand's primary colour. */
function useStatusBarColour(platform: Platform): void {
  const { primary } = useBrand();
  useEffect(() => {
    platform.setStatusBarColor(primary).catch(() => undefined);
  }, [platform, primary]);
}

/** What the app does around the native shell: back button, resume and status bar. */
export function useNativeShell(queryClient: QueryClient, platform: Platform = defaultPlatform) {
  useHardwareBack(platform);
  useResumeRefresh(queryClient, platform);
  useStatusBarColour(platform);
}
