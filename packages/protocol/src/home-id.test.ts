import { expect, test } from 'vitest';
import { timeOrderedUuid } from './home-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('a time-ordered id is a version 7 UUID, unique per call', () => {
  const a = timeOrderedUuid();
  expect(a).toMatch(UUID_V7);
  expect(timeOrderedUuid()).not.toBe(a);
});

test('ids sort in the order they were made, whatever their random part', () => {
  const high = (b: Uint8Array) => b.fill(0xff);
  const low = (b: Uint8Array) => b.fill(0x00);
  const first = timeOrderedUuid(Date.UTC(2026, 0, 1), high);
  const second = timeOrderedUuid(Date.UTC(2026, 0, 1) + 1, low);
  const later = timeOrderedUuid(Date.UTC(2031, 5, 1), low);
  for (const id of [first, second, later]) expect(id).toMatch(UUID_V7);
  expect([later, second, first].sort()).toEqual([first, second, later]);
  // The time is readable from the first 48 bits.
  expect(parseInt(second.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.UTC(2026, 0, 1) + 1);
});
