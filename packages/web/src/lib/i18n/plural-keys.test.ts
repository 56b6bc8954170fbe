import { describe, expect, test } from 'vitest';
import { LANGUAGES } from '@hearth/protocol';
import { i18n } from './index';
import { pluralCategoriesOf, splitPluralKey, translationKeyProblems } from './plural-keys';

const english = { files: { count_one: 'One file', count_other: '{{count}} files' } };

describe('counted strings in each language', () => {
  test('Russian needs one, few, many and other; English one and other', () => {
    expect(pluralCategoriesOf('ru')).toEqual(['one', 'few', 'many', 'other']);
    expect(pluralCategoriesOf('en')).toEqual(['one', 'other']);
  });

  test('a Russian file with the Russian forms matches English', () => {
    const russian = {
      files: {
        count_one: '{{count}} файл',
        count_few: '{{count}} файла',
        count_many: '{{count}} файлов',
        count_other: '{{count}} файла',
      },
    };
    expect(translationKeyProblems(english, russian, 'ru')).toEqual([]);
  });

  test("a Russian file with English's two forms is told what it lacks", () => {
    const russian = { files: { count_one: '{{count}} файл', count_other: '{{count}} файлов' } };
    expect(translationKeyProblems(english, russian, 'ru')).toEqual([
      'files.count has one,other, ru needs one,few,many,other',
    ]);
  });

  test('a counted string left uncounted, and missing or extra keys, are problems', () => {
    expect(translationKeyProblems(english, { files: { count: 'files' } }, 'de')).toEqual([
      'files.count is not counted in de',
    ]);
    expect(translationKeyProblems({ a: 'x', b: 'y' }, { a: 'x', c: 'z' }, 'de')).toEqual([
      'missing b',
      'extra c',
    ]);
  });

  test('a plural suffix is told apart from a key that merely contains one', () => {
    expect(splitPluralKey('a.count_few')).toEqual({ base: 'a.count', category: 'few' });
    expect(splitPluralKey('a.someone')).toEqual({ base: 'a.someone' });
  });

  test.each(LANGUAGES.map((l) => [l]))(
    '%s: the app picks the form Intl.PluralRules names for each count',
    (lang) => {
      const forms = Object.fromEntries(
        pluralCategoriesOf(lang).map((c) => [`n_${c}`, `${c} {{count}}`]),
      );
      i18n.addResourceBundle(lang, 'pluralCheck', forms, true, true);
      const rules = new Intl.PluralRules(lang);
      for (const count of [0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1000000]) {
        expect(i18n.t('n', { ns: 'pluralCheck', lng: lang, count })).toBe(
          `${rules.select(count)} ${count}`,
        );
      }
    },
  );

  test('Russian counts read one, few and many', () => {
    i18n.addResourceBundle(
      'ru',
      'pluralCheck',
      {
        h_one: '{{count}} обогреватель',
        h_few: '{{count}} обогревателя',
        h_many: '{{count}} обогревателей',
        h_other: '{{count}} обогревателя',
      },
      true,
      true,
    );
    const t = (count: number) => i18n.t('h', { ns: 'pluralCheck', lng: 'ru', count });
    expect([1, 3, 5, 21, 24, 11].map(t)).toEqual([
      '1 обогреватель',
      '3 обогревателя',
      '5 обогревателей',
      '21 обогреватель',
      '24 обогревателя',
      '11 обогревателей',
    ]);
  });
});
