import { create } from 'zustand';
import {
  clearStoredSession,
  wipeStoredData,
  loadSession,
  loadDemoFlag,
  saveDemoFlag,
  saveSession,
  type StoredSession,
} from './session-storage';

export interface SessionState {
  token: string;
  refreshToken: string;
  username: string;
  remember: boolean;
  /**
   * Demo mode (spec 1 §3 "User state": demo flag): the api layer answers from an in-browser
   * sample backend and nothing leaves the browser. Kept for the browser session only.
   */
  demo: boolean;
  /** The demo link: sample homes instead of a session (spec 1 §2 "Login"). */
  startDemo: () => void;
  /** Leaves demo mode; any login attempt does (spec 1 §4). */
  endDemo: () => void;
  /** Stores a new session (sign-in or renewal) where `remember` says. */
  setSession: (session: StoredSession, remember?: boolean) => void;
  /** Empties the session and its stored copy and leaves demo mode; sign-out and 401 use it. */
  clear: () => void;
}

const EMPTY = { token: '', refreshToken: '', username: '' };

type Actions = 'setSession' | 'clear' | 'startDemo' | 'endDemo';

function initial(): Omit<SessionState, Actions> {
  const stored = loadSession();
  const demo = !stored && loadDemoFlag();
  return stored
    ? { ...stored.session, remember: stored.remember, demo }
    : { ...EMPTY, remember: false, demo };
}

export const useSessionStore = create<SessionState>()((set, get) => ({
  ...initial(),
  setSession: (session, remember = get().remember) => {
    saveSession(session, remember);
    saveDemoFlag(false);
    set({ ...session, remember, demo: false });
  },
  clear: () => {
    wipeStoredData();
    set({ ...EMPTY, demo: false });
  },
  startDemo: () => {
    clearStoredSession();
    saveDemoFlag(true);
    set({ ...EMPTY, demo: true });
  },
  endDemo: () => {
    if (!get().demo) return;
    saveDemoFlag(false);
    set({ demo: false });
  },
}));

/**
 * Spec 1 §2: the guarded screens need a session, unless the app is in demo mode; a demo
 * visitor counts as signed in (menu, guards) until logout or a login attempt.
 */
export function hasSession(state: Pick<SessionState, 'token'> & { demo?: boolean }): boolean {
  return state.token !== '' || state.demo === true;
}
