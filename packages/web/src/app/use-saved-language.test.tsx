import { StrictMode } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { installFakeFetch, json, type RecordedCall } from '../test/fake-fetch';
import { signIn } from '../test/session';
import { tokenExpiringIn } from '../test/tokens';
import { changeLanguage, i18n } from '../lib/i18n';
import { LANG_STORAGE_KEY } from '../lib/i18n/detect-language';
import { useErrorToastStore } from '../lib/http';
import { useSessionStore } from '../lib/session/session-store';
import { useSavedLanguage } from './use-saved-language';

let answer: () => Response | Promise<Response>;
let calls: RecordedCall[];
const preferenceReads = () =>
  calls.filter((c) => c.method === 'GET' && c.url.endsWith('/api/v2/users/u1/preferences'));

beforeEach(async () => {
  await changeLanguage('en');
  ({ calls } = installFakeFetch({ 'GET /api/v2/users/u1/preferences': () => answer() }));
});

afterEach(async () => {
  useSessionStore.getState().clear();
  useErrorToastStore.getState().dismiss();
  vi.unstubAllGlobals();
  await changeLanguage('en');
  localStorage.removeItem(LANG_STORAGE_KEY);
});

test('a signed-in start applies the saved language, stored where the next start reads it', async () => {
  answer = () => json({ lang: 'es' });
  signIn();
  renderHook(() => useSavedLanguage(), { wrapper: StrictMode });
  // Asked in idle time, not with the first screen's own requests.
  expect(preferenceReads()).toHaveLength(0);
  await waitFor(() => expect(i18n.language).toBe('es'));
  expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('es');
  expect(preferenceReads()).toHaveLength(1);
});

test('a sign-in reads the preferences once; renewing the token does not read them again', async () => {
  answer = () => json({ lang: 'fr' });
  renderHook(() => useSavedLanguage());
  expect(preferenceReads()).toHaveLength(0);
  signIn();
  await waitFor(() => expect(i18n.language).toBe('fr'));
  useSessionStore.getState().setSession({
    token: tokenExpiringIn(7_200_000),
    refreshToken: 'r2',
    username: 'ana@example.com',
  });
  await Promise.resolve();
  expect(preferenceReads()).toHaveLength(1);
});

test('a failed read changes nothing and shows no error toast', async () => {
  answer = () => json({ message: 'x', statusCode: 500, error: 'x' }, 500);
  localStorage.setItem(LANG_STORAGE_KEY, 'en');
  signIn();
  renderHook(() => useSavedLanguage());
  await waitFor(() => expect(preferenceReads()).toHaveLength(1));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(i18n.language).toBe('en');
  expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('en');
  expect(useErrorToastStore.getState()).toMatchObject({ kind: null, message: null });
});

test('a saved language the app does not have is ignored', async () => {
  answer = () => json({ lang: 'xx' });
  signIn();
  renderHook(() => useSavedLanguage());
  await waitFor(() => expect(preferenceReads()).toHaveLength(1));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(i18n.language).toBe('en');
});
