import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@hearth/protocol';
import { englishShellStrings, loadEnglishScreenStrings, loadLanguage } from './load-language';
import { LANG_STORAGE_KEY, detectLanguage } from './detect-language';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: englishShellStrings } },
  lng: detectLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});
document.documentElement.lang = i18n.language;

/** Fetches a language's strings once; until then its text falls back to English. */
async function ensureLanguage(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  i18n.addResourceBundle(lang, 'translation', await loadLanguage(lang));
}

/** Resolves once the start language's strings are in: the app renders after it. */
export const i18nReady: Promise<void> = ensureLanguage(i18n.language as Language)
  .then(() => i18n.changeLanguage(i18n.language))
  .then(() => undefined);

let screenStrings: Promise<void> | undefined;

/**
 * Every feature's English strings (the fallback of every language), fetched once: a screen
 * renders after them. The user's own language, when not English, is already whole.
 */
export function loadScreenStrings(): Promise<void> {
  screenStrings ??= loadEnglishScreenStrings().then(
    (strings) => {
      i18n.addResourceBundle('en', 'translation', strings, true, true);
    },
    (error: unknown) => {
      // Not fetched (offline before it was cached): the next screen asks again.
      screenStrings = undefined;
      throw error;
    },
  );
  return screenStrings;
}

export async function changeLanguage(lang: Language): Promise<void> {
  localStorage.setItem(LANG_STORAGE_KEY, lang);
  await ensureLanguage(lang);
  await i18n.changeLanguage(lang);
}

export { detectLanguage };
