import { LANGUAGES, type Language } from '@hearth/protocol';
import { detectLanguage } from '../../../lib/i18n/detect-language';
import { englishShellStrings } from '../../../lib/i18n/load-language';
import type { Tree } from '../../../lib/i18n/merge-locales';

/** The sign-in screen's `t`: the same signature in the light entry and the full app. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

// The shared locale files (lib/i18n/locales/<lang>.json) hold every string the sign-in screen
// shows. Each language's shared file is a chunk of its own (vite.config.ts), so the light
// sign-in of a Spanish user fetches the Spanish shared strings only, not every feature's.
const sharedFiles = import.meta.glob<Tree>(['../../../lib/i18n/locales/*.json', '!**/en.json'], {
  import: 'default',
});

function lookup(tree: Tree, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Tree)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A counted string as i18next picks it: the form of the language's plural category for
 * `count` (Intl.PluralRules: Russian one, few, many), then `_other`, then the bare key.
 */
function lookupCounted(tree: Tree, key: string, lang: string, count: unknown): string | undefined {
  if (typeof count !== 'number') return lookup(tree, key);
  const category = new Intl.PluralRules(lang).select(count);
  return lookup(tree, `${key}_${category}`) ?? lookup(tree, `${key}_other`) ?? lookup(tree, key);
}

/**
 * A few lines in place of i18next for the light sign-in: the same keys and files, the
 * user's language (`lang`, whose plural rules pick counted strings) with English behind it,
 * and i18next's `{{name}}` interpolation.
 */
export function createTranslate(
  strings: Tree,
  fallback: Tree = englishShellStrings,
  lang = strings === fallback ? 'en' : detectLanguage(),
): Translate {
  return (key, values) => {
    const count = values?.count;
    const text =
      lookupCounted(strings, key, lang, count) ?? lookupCounted(fallback, key, 'en', count) ?? key;
    return values
      ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) =>
          name in values ? String(values[name]) : all,
        )
      : text;
  };
}

/** The shared strings of the user's language (spec 1 §3 detection); English when not fetched. */
export async function loadSignInStrings(lang: Language = detectLanguage()): Promise<Tree> {
  if (lang === 'en' || !LANGUAGES.includes(lang)) return englishShellStrings;
  const load = Object.entries(sharedFiles).find(([path]) => path.endsWith(`/${lang}.json`))?.[1];
  try {
    return load ? await load() : englishShellStrings;
  } catch {
    // Offline before the chunk was cached: English, as the full app falls back to.
    return englishShellStrings;
  }
}
