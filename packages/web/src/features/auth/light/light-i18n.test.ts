import { describe, expect, test } from 'vitest';
import { createTranslate } from './light-i18n';

const english = {
  login: { tries_one: 'One try left', tries_other: '{{count}} tries left', plain: 'Sign in' },
};
const russian = {
  login: {
    tries_one: 'Осталась {{count}} попытка',
    tries_few: 'Осталось {{count}} попытки',
    tries_many: 'Осталось {{count}} попыток',
    tries_other: 'Осталось {{count}} попытки',
  },
};

describe("the light sign-in's counted strings follow the language's plural rules", () => {
  test('Russian picks one, few and many as Intl.PluralRules says', () => {
    const t = createTranslate(russian, english, 'ru');
    expect([1, 3, 5, 21, 22, 11].map((count) => t('login.tries', { count }))).toEqual([
      'Осталась 1 попытка',
      'Осталось 3 попытки',
      'Осталось 5 попыток',
      'Осталась 21 попытка',
      'Осталось 22 попытки',
      'Осталось 11 попыток',
    ]);
  });

  test('English behind it counts by English rules, and plain keys still read as they are', () => {
    const t = createTranslate({}, english, 'ru');
    expect(t('login.tries', { count: 1 })).toBe('One try left');
    expect(t('login.tries', { count: 21 })).toBe('21 tries left');
    expect(t('login.plain')).toBe('Sign in');
  });

  test('the English fallback itself, given as the strings, counts by English rules', () => {
    const t = createTranslate(english, english);
    expect(t('login.tries', { count: 1 })).toBe('One try left');
    expect(t('login.tries', { count: 2 })).toBe('2 tries left');
  });
});
