/** A position fix as the app uses it (degrees, metres). */
export interface GeoFix {
  latitude: number;
  longitude: number;
  /** Radius of uncertainty in metres. */
  accuracy: number;
}

/** Small key/value storage that survives restarts (Capacitor Preferences natively, localStorage on the web). */
export interface PreferencesStore {
  get: (key: string) => Promise<string | null>;
  set: (key: string, value: string) => Promise<void>;
  remove: (key: string) => Promise<void>;
  keys: () => Promise<string[]>;
}

export interface GeolocationService {
  /**
   * Spec 1 §5: fine location on Android, assumed granted on iOS, on the web the browser's
   * permission state must end up 'granted' (asking reads a position; a position error is tolerated).
   */
  requestPermission: () => Promise<boolean>;
  /** Follows the device's position; resolves to a stop function. Errors reach `onError`. */
  watch: (onFix: (fix: GeoFix) => void, onError: (error: unknown) => void) => Promise<() => void>;
}

/**
 * The one door to native capabilities (Capacitor) for the rest of the app; the web
 * implementation answers with the browser's equivalents or does nothing.
 */
export interface Platform {
  kind: 'web' | 'android' | 'ios';
  isNative: boolean;
  /** Resolves once the native bridge is ready (at once on the web). */
  ready: () => Promise<void>;
  /** Calls `listener` when the app comes back to the foreground; returns an unsubscribe. */
  onResume: (listener: () => void) => () => void;
  /**
   * Android's hardware back button: `listener` gets whether the web view has history.
   * Returns an unsubscribe. Never called on the web or iOS.
   */
  onBackButton: (listener: (canGoBack: boolean) => void) => () => void;
  /** Closes the app (Android); nothing on the web. */
  exitApp: () => Promise<void>;
  /** Spec 1 §4: the status bar takes the brand's primary colour (the theme-color on the web). */
  setStatusBarColor: (hex: string) => Promise<void>;
  preferences: PreferencesStore;
  geolocation: GeolocationService;
}
