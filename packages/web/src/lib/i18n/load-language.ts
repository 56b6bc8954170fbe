import type { Language } from '@hearth/protocol';
import { languageOf, mergeLanguage, type Tree } from './merge-locales';

// The app starts with the English strings of its shell (the shared file and the offline
// banner's feature); every other feature's English strings are one chunk, fetched with the
// first screen that needs them (app/lazy-page.tsx waits for loadScreenStrings), so the sign-in
// screen does not carry the whole app's text. The user's language comes whole when it starts
// or switches (one chunk per language, vite.config.ts). resources.ts holds every language at
// once, for the tests that compare them.
const englishShell = import.meta.glob<Tree>(
  ['./locales/en.json', '../../features/pwa/locales/en.json'],
  { eager: true, import: 'default' },
);
const englishScreens = import.meta.glob<Tree>(
  ['../../features/*/locales/en.json', '!../../features/pwa/locales/en.json'],
  { import: 'default' },
);
const others = import.meta.glob<Tree>(
  [
    './locales/*.json',
    '../../features/*/locales/*.json',
    '!./locales/en.json',
    '!../../features/*/locales/en.json',
  ],
  { import: 'default' },
);

export const englishShellStrings: Tree = mergeLanguage(englishShell, 'en');

async function loadFiles(
  files: Record<string, () => Promise<Tree>>,
): Promise<Record<string, Tree>> {
  const loaded = await Promise.all(
    Object.entries(files).map(async ([path, load]) => [path, await load()] as const),
  );
  return Object.fromEntries(loaded);
}

/** The English strings of the features the shell does not show. */
export async function loadEnglishScreenStrings(): Promise<Tree> {
  return mergeLanguage(await loadFiles(englishScreens), 'en');
}

/** A language's strings, every feature's. */
export async function loadLanguage(lang: Language): Promise<Tree> {
  if (lang === 'en')
    return mergeLanguage({ ...englishShell, ...(await loadFiles(englishScreens)) }, 'en');
  const files = Object.fromEntries(
    Object.entries(others).filter(([path]) => languageOf(path) === lang),
  );
  return mergeLanguage(await loadFiles(files), lang);
}
