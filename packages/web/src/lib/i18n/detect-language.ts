import { LANGUAGES, type Language } from '@hearth/protocol';

export const LANG_STORAGE_KEY = 'lang';

function asLanguage(value: string | null | undefined): Language | undefined {
  const short = value?.slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(short ?? '') ? (short as Language) : undefined;
}

/** Spec 1 §3: the stored `lang`, else the browser's language, else English. */
export function detectLanguage(
  stored: string | null = localStorage.getItem(LANG_STORAGE_KEY),
  browser: readonly string[] = navigator.languages ?? [navigator.language],
): Language {
  return asLanguage(stored) ?? browser.map(asLanguage).find((l) => l !== undefined) ?? 'en';
}
