import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@hearth/protocol';
import { resources } from './resources';
import { LANG_STORAGE_KEY, detectLanguage } from './detect-language';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
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

export async function changeLanguage(lang: Language): Promise<void> {
  localStorage.setItem(LANG_STORAGE_KEY, lang);
  await i18n.changeLanguage(lang);
}

export { detectLanguage };
