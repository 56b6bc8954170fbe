import { expect, test } from 'vitest';
import { chargeFraction, litSegments, statusIndicators } from './node-badges';

test('charge comes from charge_level over 5, else current_charge_per over 100', () => {
  expect(chargeFraction({ charge_level: 5 })).toBe(1);
  expect(litSegments(chargeFraction({ charge_level: 2 }) ?? 0)).toBe(3);
  expect(litSegments(chargeFraction({ current_charge_per: 50 }) ?? 0)).toBe(4);
  expect(chargeFraction({})).toBeUndefined();
});

test('status indicators name what the device reports', () => {
  expect(statusIndicators({ active: true, mode: 'easy', presence: true })).toEqual([
    'heating',
    'presence',
    'easy',
  ]);
  expect(statusIndicators({ active: false, mode: 'manual' })).toEqual([]);
  expect(statusIndicators({ fan: true, ventilation: 1, resistor: true })).toEqual([
    'fan',
    'ventilation',
    'resistor',
  ]);
});
