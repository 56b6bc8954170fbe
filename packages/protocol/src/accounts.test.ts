import { describe, expect, test } from 'vitest';
import {
  brandKeyOf,
  containsAtSign,
  dottedSerialId,
  isValidEmail,
  isValidPassword,
} from './accounts';

describe('account rules', () => {
  test('passwords: 6 to 20 letters, digits or underscore', () => {
    expect(isValidPassword('abc_12')).toBe(true);
    expect(isValidPassword('a'.repeat(20))).toBe(true);
    expect(isValidPassword('abc12')).toBe(false);
    expect(isValidPassword('a'.repeat(21))).toBe(false);
    expect(isValidPassword('has space')).toBe(false);
    expect(isValidPassword('dash-ed1')).toBe(false);
  });

  test('e-mail needs an at-sign between text', () => {
    expect(isValidEmail('a@b')).toBe(true);
    expect(isValidEmail('ab')).toBe(false);
    expect(isValidEmail('@b')).toBe(false);
    expect(isValidEmail('a@')).toBe(false);
  });

  test("the forms' e-mail rule is only an at-sign somewhere", () => {
    expect(containsAtSign('a@b')).toBe(true);
    expect(containsAtSign('a@')).toBe(true);
    expect(containsAtSign('@b')).toBe(true);
    expect(containsAtSign('ab')).toBe(false);
  });

  test('serial id: a known prefix plus exactly two digits, saved dotted', () => {
    expect(dottedSerialId('0101', ['01', '02'])).toBe('01.01');
    expect(dottedSerialId('0299', ['01', '02'])).toBe('02.99');
    expect(dottedSerialId('0301', ['01', '02'])).toBeNull();
    expect(dottedSerialId('011', ['01'])).toBeNull();
    expect(dottedSerialId('01a1', ['01'])).toBeNull();
  });

  test('brand key: the configured prefix and separator are stripped, then 2 characters', () => {
    expect(brandKeyOf('15.02.01')).toBe('02');
    expect(brandKeyOf('02.01')).toBe('02');
    expect(brandKeyOf('1502')).toBe('15');
  });
});
