import { describe, expect, test } from 'vitest';
import {
  SESSION_STORAGE_KEY,
  clearStoredSession,
  loadSession,
  saveSession,
  wipeStoredData,
} from './session-storage';
import { BRANDING_STORAGE_KEY } from '../branding/branding-store';

const session = { token: 't', refreshToken: 'r', username: 'ana@example.com' };

describe('session storage', () => {
  test('remember on keeps the session in localStorage', () => {
    saveSession(session, true);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(loadSession()).toEqual({ session, remember: true });
  });

  test('remember off keeps it only for the browser session', () => {
    saveSession(session, false);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(loadSession()).toEqual({ session, remember: false });
  });

  test('turning persistence off removes the durable copy', () => {
    saveSession(session, true);
    saveSession({ ...session, token: 't2' }, false);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(loadSession()?.session.token).toBe('t2');
  });

  test('clearing removes both copies', () => {
    saveSession(session, true);
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    clearStoredSession();
    expect(loadSession()).toBeNull();
  });

  test('a corrupt or incomplete entry reads as no session', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(loadSession()).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token: 't' }));
    expect(loadSession()).toBeNull();
  });

  test('wiping stored data removes everything in both storages but the branding', () => {
    saveSession(session, true);
    localStorage.setItem('nodeView', 'table');
    localStorage.setItem(BRANDING_STORAGE_KEY, '{"version":2}');
    sessionStorage.setItem('hearth.demo', '1');
    wipeStoredData();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem('nodeView')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem(BRANDING_STORAGE_KEY)).toBe('{"version":2}');
    expect(localStorage.length).toBe(1);
  });
});
