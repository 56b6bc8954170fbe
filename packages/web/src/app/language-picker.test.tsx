import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { installFakeFetch, json, type RecordedCall } from '../test/fake-fetch';
import { renderWithApp } from '../test/render';
import { signIn } from '../test/session';
import { changeLanguage } from '../lib/i18n';
import { LANG_STORAGE_KEY } from '../lib/i18n/detect-language';
import { useSessionStore } from '../lib/session/session-store';
import { LanguagePicker } from './language-picker';

let calls: RecordedCall[];

beforeEach(() => {
  signIn();
  ({ calls } = installFakeFetch({
    'GET /api/v2/languages': () =>
      json({
        languages: [
          { code: 'en', name: 'English' },
          { code: 'es', name: 'Español' },
        ],
      }),
    'POST /api/v2/users/u1/preferences': () => json({ lang: 'es' }),
  }));
});
afterEach(async () => {
  await changeLanguage('en');
  localStorage.removeItem(LANG_STORAGE_KEY);
  useSessionStore.getState().clear();
  vi.unstubAllGlobals();
});

test("choosing a language shows the app in it and stores it as the user's preference (spec 1 §2, §3, §7)", async () => {
  renderWithApp(<LanguagePicker />);
  await screen.findByRole('option', { name: 'Español' });
  fireEvent.change(screen.getByTestId('language-picker'), { target: { value: 'es' } });
  await waitFor(() =>
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/users/u1/preferences'))).toBe(
      true,
    ),
  );
  const saved = calls.find((c) => c.method === 'POST');
  expect(JSON.parse(saved?.body ?? '{}')).toEqual({ lang: 'es' });
  expect(screen.getByTestId('language-picker')).toHaveValue('es');
  expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe('es');
});
