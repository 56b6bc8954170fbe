/**
 * The one door to native capabilities (Capacitor) for the rest of the app. On the web
 * every capability answers "not available"; the native implementations come later.
 */
export interface Platform {
  kind: 'web' | 'android' | 'ios';
  isNative: boolean;
  /** Calls `listener` when the app comes back to the foreground; returns an unsubscribe. */
  onResume: (listener: () => void) => () => void;
}

export const webPlatform: Platform = {
  kind: 'web',
  isNative: false,
  onResume: (listener) => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') listener();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  },
};

export const platform: Platform = webPlatform;
