import { BRANDING_STORAGE_KEY } from '../branding/branding-store';

/** Where the session lives between page loads (spec 1 §4 "Session"). */
export interface StoredSession {
  token: string;
  refreshToken: string;
  username: string;
}

export const SESSION_STORAGE_KEY = 'hearth.session';

function isStoredSession(value: unknown): value is StoredSession {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.token === 'string' &&
    typeof v.refreshToken === 'string' &&
    typeof v.username === 'string'
  );
}

function read(storage: Storage): StoredSession | null {
  const raw = storage.getItem(SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredSession(parsed) ? parsed : null;
  } catch {
    // A corrupt entry is dropped so that the user simply signs in again.
    storage.removeItem(SESSION_STORAGE_KEY);
    return null;
  }
}

/** Durable storage when "remember" is on, only this browser session otherwise. */
export function saveSession(session: StoredSession, remember: boolean): void {
  const target = remember ? localStorage : sessionStorage;
  const other = remember ? sessionStorage : localStorage;
  // Turning persistence off removes the durable copy (spec 1 §4).
  other.removeItem(SESSION_STORAGE_KEY);
  target.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
}

export function loadSession(): { session: StoredSession; remember: boolean } | null {
  const durable = read(localStorage);
  if (durable) return { session: durable, remember: true };
  const transient = read(sessionStorage);
  return transient ? { session: transient, remember: false } : null;
}

export function clearStoredSession(): void {
  localStorage.removeItem(SESSION_STORAGE_KEY);
  sessionStorage.removeItem(SESSION_STORAGE_KEY);
}

/**
 * Spec 1 §4: clearing the session wipes all stored data but the branding, so the next person
 * on this device finds none of the previous user's preferences, selections or homes.
 */
export function wipeStoredData(keep: readonly string[] = [BRANDING_STORAGE_KEY]): void {
  for (const storage of [localStorage, sessionStorage]) {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    for (const key of keys) if (key !== null && !keep.includes(key)) storage.removeItem(key);
  }
}

export const DEMO_STORAGE_KEY = 'hearth.demo';

/** The demo flag lives for the browser session, so a reload stays in demo mode. */
export function saveDemoFlag(demo: boolean): void {
  if (demo) sessionStorage.setItem(DEMO_STORAGE_KEY, '1');
  else sessionStorage.removeItem(DEMO_STORAGE_KEY);
}

export function loadDemoFlag(): boolean {
  return sessionStorage.getItem(DEMO_STORAGE_KEY) === '1';
}
