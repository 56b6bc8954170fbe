import { describe, expect, test } from 'vitest';
import { emailProblem, firstProblem, missingFields, newPasswordProblem } from './validation';

describe('spec 1 §5 form rules', () => {
  test('lists every empty field by its label', () => {
    expect(
      missingFields([
        ['E-mail', ''],
        ['Password', 'x'],
        ['Repeat', ' '],
      ]),
    ).toEqual({
      key: 'errors.fields',
      values: { fields: 'E-mail, Repeat' },
    });
    expect(missingFields([['E-mail', 'a@b']])).toBeNull();
  });

  test('an e-mail needs an at-sign', () => {
    expect(emailProblem('ana.example.com')).toEqual({ key: 'errors.email' });
    expect(emailProblem('ana@example.com')).toBeNull();
  });

  test('a new password has 6 to 20 word characters and equals its repeat', () => {
    expect(newPasswordProblem('abc12', 'abc12')).toEqual({ key: 'errors.passwordFormat' });
    expect(newPasswordProblem('a'.repeat(21), 'a'.repeat(21))).toEqual({
      key: 'errors.passwordFormat',
    });
    expect(newPasswordProblem('with-dash', 'with-dash')).toEqual({ key: 'errors.passwordFormat' });
    expect(newPasswordProblem('good_pw1', 'good_pw2')).toEqual({ key: 'errors.password' });
    expect(newPasswordProblem('a'.repeat(20), 'a'.repeat(20))).toBeNull();
    expect(newPasswordProblem('Ab_123', 'Ab_123')).toBeNull();
  });

  test('the first failing check wins, in the order given', () => {
    expect(
      firstProblem(
        () => null,
        () => ({ key: 'errors.email' }),
        () => ({ key: 'errors.password' }),
      ),
    ).toEqual({
      key: 'errors.email',
    });
  });
});
