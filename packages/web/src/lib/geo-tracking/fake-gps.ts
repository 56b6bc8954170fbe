import type { GeoFix, GeolocationService } from '../platform';

/**
 * A stand-in for the phone's location service in unit tests: the test moves the phone and
 * decides what the permission prompt answers.
 */
export function fakeGps(options: { permission?: boolean } = {}) {
  let onFix: ((fix: GeoFix) => void) | undefined;
  let onError: ((error: unknown) => void) | undefined;
  const state = { watching: 0, permissionAsked: 0 };
  const service: GeolocationService = {
    requestPermission: async () => {
      state.permissionAsked += 1;
      return options.permission ?? true;
    },
    watch: async (fix, error) => {
      state.watching += 1;
      onFix = fix;
      onError = error;
      return () => {
        state.watching -= 1;
        onFix = undefined;
      };
    },
  };
  return {
    service,
    state,
    /** Puts the phone `metres` north of (lat, lon). */
    moveTo: (latitude: number, longitude: number, metresNorth = 0, accuracy = 10) =>
      onFix?.({ latitude: latitude + metresNorth / 111_195, longitude, accuracy }),
    fail: () => onError?.(new Error('position unavailable')),
  };
}
