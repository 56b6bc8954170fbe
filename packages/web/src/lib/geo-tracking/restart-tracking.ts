import {
  trackedHomes,
  type GeoTrackingRestartStep,
  type HomeGeo,
  type PresenceChange,
} from '@hearth/protocol';
import type { Platform } from '../platform';
import type { GeoTracker } from './geo-tracker';
import { trackedHomeIds } from './home-permissions';

export interface RestartDeps {
  platform: Pick<Platform, 'ready' | 'preferences'>;
  tracker: GeoTracker;
  homeIds: readonly string[];
  /** Reads a home's saved position and range. */
  loadGeo: (homeId: string) => Promise<HomeGeo>;
  onChanges: (changes: PresenceChange[]) => void;
  /** Tests follow the steps; the app does not. */
  onStep?: (step: GeoTrackingRestartStep) => void;
}

/**
 * Spec 1 §4: wait for the device, configure the tracker, set the homes, start. Any failure is
 * silently ignored (tracking is a convenience; the app works the same without it).
 */
export async function restartTracking(deps: RestartDeps): Promise<void> {
  const step = (name: GeoTrackingRestartStep) => deps.onStep?.(name);
  try {
    deps.tracker.stop();
    step('ready');
    await deps.platform.ready();
    step('configure');
    deps.tracker.configure({ onChanges: deps.onChanges });
    step('setHomes');
    const granted = await trackedHomeIds(deps.platform.preferences, deps.homeIds);
    const geo = await Promise.all([...granted].map((id) => deps.loadGeo(id)));
    deps.tracker.setHomes(trackedHomes(geo, granted));
    step('start');
    await deps.tracker.start();
  } catch {
    // Ignored by the spec: no message, no retry until the next restart.
  }
}
