import type { GeoFix, GeolocationService, Platform, PreferencesStore } from './platform-types';

/** localStorage can throw (private mode, quota); storage then behaves as empty. */
export const webPreferences: PreferencesStore = {
  get: async (key) => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: async (key, value) => {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Nothing is kept: the app asks again next time, which is the safe side.
    }
  },
  remove: async (key) => {
    try {
      localStorage.removeItem(key);
    } catch {
      // Already unreadable, so already gone for the app.
    }
  },
  keys: async () => {
    try {
      return Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '');
    } catch {
      return [];
    }
  },
};

const toFix = (p: GeolocationPosition): GeoFix => ({
  latitude: p.coords.latitude,
  longitude: p.coords.longitude,
  accuracy: p.coords.accuracy,
});

async function browserPermission(): Promise<PermissionState | undefined> {
  try {
    return (await navigator.permissions.query({ name: 'geolocation' })).state;
  } catch {
    return undefined;
  }
}

export const webGeolocation: GeolocationService = {
  requestPermission: async () => {
    if (!('geolocation' in navigator)) return false;
    if ((await browserPermission()) === 'granted') return true;
    // Browsers ask for permission when a position is read; a failed read is tolerated.
    await new Promise<void>((resolve) => {
      navigator.geolocation.getCurrentPosition(
        () => resolve(),
        () => resolve(),
      );
    });
    return (await browserPermission()) === 'granted';
  },
  watch: async (onFix, onError) => {
    if (!('geolocation' in navigator)) throw new Error('geolocation not supported');
    const id = navigator.geolocation.watchPosition((p) => onFix(toFix(p)), onError, {
      enableHighAccuracy: false,
    });
    return () => navigator.geolocation.clearWatch(id);
  },
};

export const webPlatform: Platform = {
  kind: 'web',
  isNative: false,
  ready: async () => undefined,
  onResume: (listener) => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') listener();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  },
  onBackButton: () => () => undefined,
  exitApp: async () => undefined,
  setStatusBarColor: async (hex) => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', hex);
  },
  preferences: webPreferences,
  geolocation: webGeolocation,
};
