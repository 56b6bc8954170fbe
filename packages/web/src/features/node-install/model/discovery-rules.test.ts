import { expect, test } from 'vitest';
import {
  discoveryType,
  endsAfterFirstFind,
  foundSince,
  mainCircuitLocked,
} from './discovery-rules';

test('discovery rules of spec 2 §4', () => {
  expect(discoveryType('thm')).toBe('htr');
  expect(discoveryType('acm')).toBe('acm');
  expect(endsAfterFirstFind('htr', undefined)).toBe(false);
  expect(endsAfterFirstFind('htr', 3)).toBe(true);
  expect(endsAfterFirstFind('pmo', undefined)).toBe(true);
  expect(foundSince(3, 5)).toBe(2);
  expect(foundSince(3, 2)).toBe(0);
});

test('the main-circuit toggle is locked only for the single installed main-circuit meter', () => {
  expect(mainCircuitLocked([2], [2], 2)).toBe(true);
  expect(mainCircuitLocked([2], [], 2)).toBe(false);
  expect(mainCircuitLocked([2, 5], [2], 2)).toBe(false);
});
