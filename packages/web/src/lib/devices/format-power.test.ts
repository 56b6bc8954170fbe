import { expect, test } from 'vitest';
import { formatKilowattNumber } from './format-power';

test('kilowatts are written in the number format of the language, one decimal at most', () => {
  expect(formatKilowattNumber(5500, 'en')).toBe('5.5');
  expect(formatKilowattNumber(5500, 'es')).toBe('5,5');
  expect(formatKilowattNumber(15000, 'de')).toBe('15');
  expect(formatKilowattNumber(1250, 'fr')).toBe('1,3');
});
