import { expect, test } from 'vitest';
import * as protocol from '../index';

test('the package entry exposes the rules beside the wire constants', () => {
  expect(protocol.TEMP_DEBOUNCE_MS).toBe(5000);
  expect(protocol.MAX_POWER_PROFILES).toBe(4);
  expect(protocol.stepFor('F')).toBe(1);
  expect(protocol.gridToSlots(protocol.emptyPowerGrid(), 'en')).toHaveLength(7);
  expect(protocol.PROG_SLOTS_HALF_HOURLY).toBe(48);
});
