import type { Language } from '@hearth/protocol';
import { languageOf, mergeLanguage, type Tree } from './merge-locales';

// The app ships English (the fallback) and fetches the user's language when it starts or
// switches; the build puts each language's files in one chunk (vite.config.ts). resources.ts
// holds every language at once, for the tests that compare them.
const english = import.meta.glob<Tree>(['./locales/en.json', '../../features/*/locales/en.json'], {
  eager: true,
  import: 'default',
});
const others = import.meta.glob<Tree>(['./locales/*.json', '../../features/*/locales/*.json'], {
  import: 'default',
});

export const englishStrings: Tree = mergeLanguage(english, 'en');

export async function loadLanguage(lang: Language): Promise<Tree> {
  if (lang === 'en') return englishStrings;
  const files = Object.entries(others).filter(([path]) => languageOf(path) === lang);
  const loaded = await Promise.all(files.map(async ([path, load]) => [path, await load()]));
  return mergeLanguage(Object.fromEntries(loaded) as Record<string, Tree>, lang);
}
