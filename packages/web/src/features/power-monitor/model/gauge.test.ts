import { expect, test } from 'vitest';
import { arcPath, gaugeFraction, gaugeLimitW, scaleLabelsKw } from './gauge';

test('the limit is the monitor power_limit, else 15000 W', () => {
  expect(gaugeLimitW({ power_limit: '3000' })).toBe(3000);
  expect(gaugeLimitW('4500')).toBe(4500);
  expect(gaugeLimitW({ power_limit: '0' })).toBe(15000);
  expect(gaugeLimitW(undefined)).toBe(15000);
});

test('the fraction stays within the gauge', () => {
  expect(gaugeFraction(1500, 3000)).toBe(0.5);
  expect(gaugeFraction(9000, 3000)).toBe(1);
  expect(gaugeFraction(undefined, 3000)).toBe(0);
});

test('arc ends: half way is the top of the circle', () => {
  expect(arcPath(100, 100, 80, 0.5)).toBe('M 20.00 100.00 A 80 80 0 0 1 100.00 20.00');
  expect(scaleLabelsKw(15000)).toEqual([0, 3.8, 7.5, 11.3, 15]);
});
