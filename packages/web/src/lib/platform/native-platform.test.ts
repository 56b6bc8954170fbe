import { beforeEach, describe, expect, test, vi } from 'vitest';

// The Capacitor plugins exist only inside the native shells; these stand-ins follow their
// documented answers so the mapping of the platform interface onto them is checked here.
const calls: string[] = [];
let platformName = 'android';
let permission: 'granted' | 'denied' = 'granted';
const listeners = new Map<string, (event?: unknown) => void>();
const store = new Map<string, string>();
let watchCallback: ((position: unknown, error?: unknown) => void) | undefined;

vi.mock('@capacitor/core', () => ({
  Capacitor: { getPlatform: () => platformName, isNativePlatform: () => true },
}));
vi.mock('@capacitor/app', () => ({
  App: {
    addListener: async (event: string, fn: (e?: unknown) => void) => {
      listeners.set(event, fn);
      return { remove: async () => void listeners.delete(event) };
    },
    exitApp: async () => void calls.push('exitApp'),
  },
}));
vi.mock('@capacitor/preferences', () => ({
  Preferences: {
    get: async ({ key }: { key: string }) => ({ value: store.get(key) ?? null }),
    set: async ({ key, value }: { key: string; value: string }) => void store.set(key, value),
    remove: async ({ key }: { key: string }) => void store.delete(key),
    keys: async () => ({ keys: [...store.keys()] }),
  },
}));
vi.mock('@capacitor/geolocation', () => ({
  Geolocation: {
    requestPermissions: async (options: { permissions: string[] }) => {
      calls.push(`requestPermissions:${options.permissions.join(',')}`);
      return { location: permission, coarseLocation: permission };
    },
    watchPosition: async (_options: unknown, fn: (p: unknown, e?: unknown) => void) => {
      watchCallback = fn;
      return 'watch-1';
    },
    clearWatch: async ({ id }: { id: string }) => void calls.push(`clearWatch:${id}`),
  },
}));
vi.mock('@capacitor/status-bar', () => ({
  Style: { Dark: 'DARK', Light: 'LIGHT' },
  StatusBar: {
    setBackgroundColor: async ({ color }: { color: string }) => void calls.push(`bg:${color}`),
    setStyle: async ({ style }: { style: string }) => void calls.push(`style:${style}`),
  },
}));

const { createNativePlatform } = await import('./native-platform');

beforeEach(() => {
  calls.length = 0;
  listeners.clear();
  store.clear();
  platformName = 'android';
  permission = 'granted';
});

describe('native platform', () => {
  test('Android asks for fine location and reports the answer', async () => {
    const android = createNativePlatform();
    expect(android.kind).toBe('android');
    expect(await android.geolocation.requestPermission()).toBe(true);
    permission = 'denied';
    expect(await android.geolocation.requestPermission()).toBe(false);
    expect(calls).toEqual(['requestPermissions:location', 'requestPermissions:location']);
  });

  test('iOS permission is assumed granted without asking', async () => {
    platformName = 'ios';
    const ios = createNativePlatform();
    expect(ios.kind).toBe('ios');
    permission = 'denied';
    expect(await ios.geolocation.requestPermission()).toBe(true);
    expect(calls).toEqual([]);
  });

  test('positions and errors of the watch reach the app; stopping clears it', async () => {
    const fixes: unknown[] = [];
    const errors: unknown[] = [];
    const stop = await createNativePlatform().geolocation.watch(
      (fix) => fixes.push(fix),
      (error) => errors.push(error),
    );
    watchCallback?.({ coords: { latitude: 1, longitude: 2, accuracy: 5 } });
    watchCallback?.(null, new Error('no fix'));
    expect(fixes).toEqual([{ latitude: 1, longitude: 2, accuracy: 5 }]);
    expect(errors).toHaveLength(1);
    stop();
    expect(calls).toContain('clearWatch:watch-1');
  });

  test('the status bar takes the colour, with text that reads on it', async () => {
    await createNativePlatform().setStatusBarColor('#1b3a5c');
    expect(calls).toEqual(['bg:#1b3a5c', 'style:DARK']);
    calls.length = 0;
    platformName = 'ios';
    await createNativePlatform().setStatusBarColor('#F9B521');
    // iOS has no status bar background; only the text style follows the brand.
    expect(calls).toEqual(['style:LIGHT']);
  });

  test('back button, resume and preferences go through the app and preferences plugins', async () => {
    const native = createNativePlatform();
    const seen: boolean[] = [];
    let resumed = 0;
    const stopBack = native.onBackButton((canGoBack) => seen.push(canGoBack));
    native.onResume(() => (resumed += 1));
    await Promise.resolve();
    listeners.get('backButton')?.({ canGoBack: false });
    listeners.get('resume')?.();
    expect(seen).toEqual([false]);
    expect(resumed).toBe(1);
    stopBack();
    await Promise.resolve();
    expect(listeners.has('backButton')).toBe(false);
    await native.exitApp();
    expect(calls).toEqual(['exitApp']);

    await native.preferences.set('k', 'v');
    expect(await native.preferences.get('k')).toBe('v');
    expect(await native.preferences.keys()).toEqual(['k']);
    await native.preferences.remove('k');
    expect(await native.preferences.get('k')).toBeNull();
  });
});
