import { afterAll, describe, expect, test } from 'vitest';
import { LANGUAGES } from '@hearth/protocol';
import { changeLanguage, i18n } from './index';
import { loadLanguage } from './load-language';
import { resources } from './resources';

afterAll(() => changeLanguage('en'));

describe('languages fetched on demand', () => {
  test.each(LANGUAGES.map((l) => [l]))(
    '%s arrives with every string of its bundle',
    async (lang) => {
      expect(await loadLanguage(lang)).toEqual(resources[lang].translation);
    },
  );

  test('switching language fetches it first, so the first text shown is already translated', async () => {
    await changeLanguage('de');
    expect(i18n.t('app.loadingPage')).toBe('Seite wird geladen…');
    expect(document.documentElement.lang).toBe('de');
  });
});
