import {
  GEO_PERMISSION_GRANTED,
  GEO_PERMISSION_KEY_PREFIX,
  geoPermissionKey,
} from '@hearth/protocol';
import type { PreferencesStore } from '../platform';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Told whenever a home's tracking permission changes, so tracking restarts with it. */
export function onHomePermissionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function isHomeTracked(store: PreferencesStore, homeId: string): Promise<boolean> {
  return (await store.get(geoPermissionKey(homeId))) === GEO_PERMISSION_GRANTED;
}

/** Spec 1 §5: the per-home permission is kept on this device only, under a key per home id. */
export async function setHomeTracked(
  store: PreferencesStore,
  homeId: string,
  tracked: boolean,
): Promise<void> {
  if (tracked) await store.set(geoPermissionKey(homeId), GEO_PERMISSION_GRANTED);
  else await store.remove(geoPermissionKey(homeId));
  for (const listener of listeners) listener();
}

/** The ids among `homeIds` whose tracking permission is granted here. */
export async function trackedHomeIds(
  store: PreferencesStore,
  homeIds: readonly string[],
): Promise<Set<string>> {
  const granted = await Promise.all(homeIds.map((id) => isHomeTracked(store, id)));
  return new Set(homeIds.filter((_, i) => granted[i]));
}

/** Spec 1 §4: clearing the session wipes stored data, so no home stays tracked after sign-out. */
export async function forgetTrackedHomes(store: PreferencesStore): Promise<void> {
  const keys = (await store.keys()).filter((k) => k.startsWith(GEO_PERMISSION_KEY_PREFIX));
  await Promise.all(keys.map((k) => store.remove(k)));
  for (const listener of listeners) listener();
}
