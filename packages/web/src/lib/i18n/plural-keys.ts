import type { Tree } from './merge-locales';

/**
 * i18next picks a counted string by the language's plural category (Intl.PluralRules):
 * `key_one`, `key_few`, `key_many`, `key_other`… English needs one and other, Russian one, few,
 * many and other, Catalan, Spanish, French, Italian and Portuguese also many. Each language
 * file therefore holds the forms of its own language, not English's.
 */
export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];

const SUFFIX = new RegExp(`^(.+)_(${PLURAL_CATEGORIES.join('|')})$`);

/** The categories a language's counted strings need, in a fixed order. */
export function pluralCategoriesOf(lang: string): PluralCategory[] {
  const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  return PLURAL_CATEGORIES.filter((c) => needed.includes(c));
}

/** Every leaf key of a tree, dotted. */
export function leafKeys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

/** `a.b_few` → `{ base: 'a.b', category: 'few' }`; a key without a plural suffix has none. */
export function splitPluralKey(key: string): { base: string; category?: PluralCategory } {
  const match = SUFFIX.exec(key);
  return match ? { base: match[1]!, category: match[2] as PluralCategory } : { base: key };
}

/** Counted keys of a tree: base key → the categories it has. */
export function pluralFamilies(tree: Tree): Map<string, PluralCategory[]> {
  const families = new Map<string, PluralCategory[]>();
  for (const key of leafKeys(tree)) {
    const { base, category } = splitPluralKey(key);
    if (category) families.set(base, [...(families.get(base) ?? []), category]);
  }
  return families;
}

/**
 * What is wrong with a language's strings against English's: keys missing or extra (counted
 * strings compared by their base key) and counted strings that lack, or carry beyond, the plural
 * forms of that language. Empty when the language is whole.
 */
export function translationKeyProblems(english: Tree, strings: Tree, lang: string): string[] {
  const shape = (tree: Tree) => new Set(leafKeys(tree).map((k) => splitPluralKey(k).base));
  const expected = shape(english);
  const actual = shape(strings);
  const problems = [
    ...[...expected].filter((k) => !actual.has(k)).map((k) => `missing ${k}`),
    ...[...actual].filter((k) => !expected.has(k)).map((k) => `extra ${k}`),
  ];
  const needed = pluralCategoriesOf(lang).join(',');
  const englishFamilies = pluralFamilies(english);
  for (const [base, categories] of pluralFamilies(strings)) {
    const found = PLURAL_CATEGORIES.filter((c) => categories.includes(c)).join(',');
    if (found !== needed) problems.push(`${base} has ${found}, ${lang} needs ${needed}`);
    if (!englishFamilies.has(base)) problems.push(`${base} is counted only in ${lang}`);
  }
  for (const base of englishFamilies.keys()) {
    if (actual.has(base) && !pluralFamilies(strings).has(base))
      problems.push(`${base} is not counted in ${lang}`);
  }
  return problems;
}
