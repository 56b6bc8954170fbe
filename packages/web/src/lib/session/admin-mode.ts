import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { create } from 'zustand';
import { hasSession, useSessionStore } from './session-store';

const STORAGE_KEY = 'adminMode';

function stored(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function store(enabled: boolean): void {
  try {
    if (enabled) sessionStorage.setItem(STORAGE_KEY, '1');
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the flag lasts until the page reloads.
  }
}

/**
 * Admin mode (spec 1 §2, spec 2 §6): a global flag that `adminMode=1` in the query turns on.
 * It lasts for the browser tab (a reload keeps it) while the session lasts; signing out turns
 * it off.
 */
export const useAdminModeStore = create<{ enabled: boolean }>(() => ({ enabled: stored() }));

useAdminModeStore.subscribe(({ enabled }) => store(enabled));
useSessionStore.subscribe((session) => {
  if (!hasSession(session) && useAdminModeStore.getState().enabled)
    useAdminModeStore.setState({ enabled: false });
});

export function adminModeRequested(search: string): boolean {
  return new URLSearchParams(search).get('adminMode') === '1';
}

/** Whether admin mode is on; a screen opened with `adminMode=1` turns it on for the app. */
export function useAdminMode(): boolean {
  const { search } = useLocation();
  const requested = adminModeRequested(search);
  const enabled = useAdminModeStore((s) => s.enabled);
  useEffect(() => {
    if (requested) useAdminModeStore.setState({ enabled: true });
  }, [requested]);
  return enabled || requested;
}
