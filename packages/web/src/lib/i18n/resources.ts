import { LANGUAGES, type Language } from '@hearth/protocol';
import { mergeLanguage, type Tree } from './merge-locales';

// Shared strings live in ./locales/<lang>.json; each feature keeps its own strings in
// src/features/<feature>/locales/<lang>.json under a top-level key named after it, so
// features are translated beside their code and never edit one another's files.
const shared = import.meta.glob<Tree>('./locales/*.json', { eager: true, import: 'default' });
const features = import.meta.glob<Tree>('../../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});

function build(lang: Language): Tree {
  return mergeLanguage({ ...shared, ...features }, lang);
}

/** One namespace per language; English is the reference every other language must match. */
export const resources = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, { translation: build(lang) }]),
) as Record<Language, { translation: Tree }>;
