import { useSyncExternalStore } from 'react';
import type { GroupedHome } from '@hearth/protocol';
import { compareHomeIds } from '../../../lib/devices';

export const HOME_SORT_METHODS = ['id', 'name'] as const;
export type HomeSortMethod = (typeof HOME_SORT_METHODS)[number];

/** Spec 2 §7 "Local preferences": setHomesSortMethod keeps the choice on this device. */
export const HOMES_SORT_STORAGE_KEY = 'homesSortMethod';

export function readHomesSortMethod(storage: Storage = localStorage): HomeSortMethod {
  const stored = storage.getItem(HOMES_SORT_STORAGE_KEY);
  return stored === 'name' ? 'name' : 'id';
}

const listeners = new Set<() => void>();

export function writeHomesSortMethod(method: HomeSortMethod, storage: Storage = localStorage) {
  storage.setItem(HOMES_SORT_STORAGE_KEY, method);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the app choosing a method counts too.
  const onStorage = (e: StorageEvent) => {
    if (e.key === HOMES_SORT_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The chosen method, followed while the screen stays mounted: the router keeps the home list
 * alive under the sort settings, and it must show the new order on the way back.
 */
export function useHomesSortMethod(): HomeSortMethod {
  return useSyncExternalStore(subscribe, () => readHomesSortMethod());
}

// The dashboard's order, so that "by id" lists the homes as the carousel does.
const compareIds = compareHomeIds;

/** Spec 2 §2: the home list is sorted by the chosen method, id by default. */
export function sortHomes(homes: readonly GroupedHome[], method: HomeSortMethod): GroupedHome[] {
  const sorted = [...homes];
  if (method === 'name') {
    sorted.sort(
      (a, b) =>
        a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || compareIds(a.id, b.id),
    );
  } else {
    sorted.sort((a, b) => compareIds(a.id, b.id));
  }
  return sorted;
}
