import { Capacitor, type PluginListenerHandle } from '@capacitor/core';
import { App } from '@capacitor/app';
import { Geolocation } from '@capacitor/geolocation';
import { Preferences } from '@capacitor/preferences';
import { StatusBar, Style } from '@capacitor/status-bar';
import type { GeolocationService, Platform, PreferencesStore } from './platform-types';
import { readableOn } from './status-bar-style';

/** Capacitor listeners register asynchronously; the unsubscribe may come first. */
function listen(register: () => Promise<PluginListenerHandle>): () => void {
  let stopped = false;
  let handle: PluginListenerHandle | undefined;
  register().then(
    (h) => {
      if (stopped) void h.remove();
      else handle = h;
    },
    () => undefined,
  );
  return () => {
    stopped = true;
    void handle?.remove();
  };
}

const nativePreferences: PreferencesStore = {
  get: async (key) => (await Preferences.get({ key })).value,
  set: (key, value) => Preferences.set({ key, value }),
  remove: (key) => Preferences.remove({ key }),
  keys: async () => (await Preferences.keys()).keys,
};

function nativeGeolocation(kind: 'android' | 'ios'): GeolocationService {
  return {
    requestPermission: async () => {
      // Spec 1 §5: iOS asks by itself on first use, so permission is assumed there.
      if (kind === 'ios') return true;
      const status = await Geolocation.requestPermissions({ permissions: ['location'] });
      return status.location === 'granted';
    },
    watch: async (onFix, onError) => {
      const id = await Geolocation.watchPosition(
        // Ranges are 150 m and more: network positioning is precise enough and spares the battery.
        { enableHighAccuracy: false },
        (position, error: unknown) => {
          if (position) {
            const { latitude, longitude, accuracy } = position.coords;
            onFix({ latitude, longitude, accuracy });
          } else onError(error);
        },
      );
      return () => void Geolocation.clearWatch({ id });
    },
  };
}

export function createNativePlatform(): Platform {
  const kind = Capacitor.getPlatform() === 'ios' ? 'ios' : 'android';
  return {
    kind,
    isNative: true,
    // Capacitor runs the app only once the bridge is up, so "device ready" is immediate.
    ready: async () => undefined,
    onResume: (listener) => listen(() => App.addListener('resume', listener)),
    onBackButton: (listener) =>
      listen(() => App.addListener('backButton', (event) => listener(event.canGoBack))),
    exitApp: () => App.exitApp(),
    setStatusBarColor: async (hex) => {
      if (kind === 'android') await StatusBar.setBackgroundColor({ color: hex });
      // Style.Dark means light text, for dark backgrounds.
      await StatusBar.setStyle({ style: readableOn(hex) === 'light' ? Style.Dark : Style.Light });
    },
    preferences: nativePreferences,
    geolocation: nativeGeolocation(kind),
  };
}
