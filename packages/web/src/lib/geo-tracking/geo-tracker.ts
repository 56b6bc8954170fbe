import {
  presenceChanges,
  type Presence,
  type PresenceChange,
  type TrackedHome,
} from '@hearth/protocol';
import type { GeolocationService } from '../platform';

export interface GeoTracker {
  configure: (options: { onChanges: (changes: PresenceChange[]) => void }) => void;
  setHomes: (homes: readonly TrackedHome[]) => void;
  /** Starts following the position when there is a home to track. */
  start: () => Promise<void>;
  stop: () => void;
}

/**
 * Follows the device's position while the app runs and reports when the user crosses the
 * outdoor range of a tracked home. Position errors are ignored: the next fix decides.
 */
export function createGeoTracker(geolocation: GeolocationService): GeoTracker {
  let onChanges: (changes: PresenceChange[]) => void = () => undefined;
  let homes: readonly TrackedHome[] = [];
  let known = new Map<string, Presence>();
  let stopWatch: (() => void) | undefined;

  const stop = () => {
    stopWatch?.();
    stopWatch = undefined;
  };

  return {
    configure: (options) => {
      onChanges = options.onChanges;
    },
    setHomes: (next) => {
      homes = next;
    },
    start: async () => {
      stop();
      known = new Map();
      if (homes.length === 0) return;
      stopWatch = await geolocation.watch(
        (fix) => {
          const result = presenceChanges(known, homes, fix);
          known = result.known;
          if (result.changes.length > 0) onChanges(result.changes);
        },
        () => undefined,
      );
    },
    stop,
  };
}
