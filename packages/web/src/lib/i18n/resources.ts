import { LANGUAGES, type Language } from '@hearth/protocol';

type Tree = Record<string, unknown>;

// Shared strings live in ./locales/<lang>.json; each feature keeps its own strings in
// src/features/<feature>/locales/<lang>.json under a top-level key named after it, so
// features are translated beside their code and never edit one another's files.
const shared = import.meta.glob<Tree>('./locales/*.json', { eager: true, import: 'default' });
const features = import.meta.glob<Tree>('../../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});

function languageOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

function merge(target: Tree, source: Tree, where: string): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (existing && typeof existing === 'object' && value && typeof value === 'object') {
      merge(existing as Tree, value as Tree, `${where}.${key}`);
    } else if (existing !== undefined) {
      throw new Error(`translation key ${where}.${key} is defined twice`);
    } else {
      target[key] = value;
    }
  }
  return target;
}

function build(lang: Language): Tree {
  const tree: Tree = {};
  for (const [path, strings] of Object.entries({ ...shared, ...features })) {
    if (languageOf(path) === lang) merge(tree, structuredClone(strings), lang);
  }
  return tree;
}

/** One namespace per language; English is the reference every other language must match. */
export const resources = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, { translation: build(lang) }]),
) as Record<Language, { translation: Tree }>;
