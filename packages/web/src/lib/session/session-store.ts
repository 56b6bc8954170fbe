import { create } from 'zustand';
import {
  clearStoredSession,
  loadSession,
  saveSession,
  type StoredSession,
} from './session-storage';

export interface SessionState {
  token: string;
  refreshToken: string;
  username: string;
  remember: boolean;
  /** Stores a new session (sign-in or renewal) where `remember` says. */
  setSession: (session: StoredSession, remember?: boolean) => void;
  /** Empties the session and its stored copy; sign-out and 401 use it. */
  clear: () => void;
}

const EMPTY = { token: '', refreshToken: '', username: '' };

function initial(): Omit<SessionState, 'setSession' | 'clear'> {
  const stored = loadSession();
  return stored ? { ...stored.session, remember: stored.remember } : { ...EMPTY, remember: false };
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  ...initial(),
  setSession: (session, remember = get().remember) => {
    saveSession(session, remember);
    set({ ...session, remember });
  },
  clear: () => {
    clearStoredSession();
    set({ ...EMPTY });
  },
}));

export function hasSession(state: Pick<SessionState, 'token'>): boolean {
  return state.token !== '';
}
