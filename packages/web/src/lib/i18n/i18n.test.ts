import { describe, expect, test } from 'vitest';
import { LANGUAGES } from '@hearth/protocol';
import { resources } from './resources';
import { detectLanguage } from './detect-language';
import { splitPluralKey, translationKeyProblems } from './plural-keys';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

describe('translations', () => {
  test.each(LANGUAGES.map((l) => [l]))(
    '%s has exactly the keys of English, counted strings in its own plural forms',
    (lang) => {
      expect(
        translationKeyProblems(resources.en.translation, resources[lang].translation, lang),
      ).toEqual([]);
    },
  );

  test.each(LANGUAGES.map((l) => [l]))('%s has a non-empty string for every key', (lang) => {
    for (const leaf of leaves(resources[lang].translation)) {
      expect(typeof leaf === 'string' && leaf.trim() !== '').toBe(true);
    }
  });

  test.each(LANGUAGES.map((l) => [l]))(
    '%s keeps every placeholder of English, so no value or unit goes missing',
    (lang) => {
      // A counted string's forms are compared together: English's one may say "one" in words.
      const placeholders = (tree: unknown) => {
        const found = new Map<string, Set<string>>();
        for (const key of keys(tree)) {
          const text = key.split('.').reduce<unknown>((node, part) => {
            return (node as Record<string, unknown>)[part];
          }, tree);
          const base = splitPluralKey(key).base;
          const names = found.get(base) ?? new Set<string>();
          for (const m of String(text).matchAll(/\{\{\s*(\w+)/g)) names.add(m[1]!);
          found.set(base, names);
        }
        return Object.fromEntries([...found].map(([k, v]) => [k, [...v].sort().join(',')]));
      };
      expect(placeholders(resources[lang].translation)).toEqual(
        placeholders(resources.en.translation),
      );
    },
  );

  test('every language but English translates the user-facing sentences', () => {
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const t = resources[lang].translation as { errors: { login: string } };
      expect(t.errors.login).not.toBe('Wrong user or password, please retry');
    }
  });

  test.each(LANGUAGES.map((l) => [l]))(
    '%s writes the guest label after a home name in lowercase (spec 1 §6, spec 3 §1)',
    (lang) => {
      const t = resources[lang].translation as Record<string, { guest: string }>;
      for (const label of [t.dashboard?.guest, t.homes?.guest]) {
        expect(label).toBe(label?.toLocaleLowerCase(lang));
      }
    },
  );

  test('the login failure text is the spec wording in English', () => {
    expect((resources.en.translation as { errors: { login: string } }).errors.login).toBe(
      'Wrong user or password, please retry',
    );
  });
});

describe('detectLanguage', () => {
  test('a stored language wins over the browser', () => {
    expect(detectLanguage('de', ['fr-FR'])).toBe('de');
  });
  test('the browser language is used when none is stored', () => {
    expect(detectLanguage(null, ['xx', 'pt-BR'])).toBe('pt');
  });
  test('English when neither is supported', () => {
    expect(detectLanguage('zz', ['ja-JP'])).toBe('en');
  });
});
