import { expect, test } from 'vitest';
import { isExcluded, toggleExcluded } from './excluded-nodes';

test('excluding and including nodes per device for quiet-home notifications', () => {
  let list = toggleExcluded([], 'd1', 2);
  list = toggleExcluded(list, 'd1', 3);
  list = toggleExcluded(list, 'd2', 1);
  expect(isExcluded(list, 'd1', 3)).toBe(true);
  expect(isExcluded(list, 'd2', 3)).toBe(false);
  list = toggleExcluded(list, 'd2', 1);
  expect(list).toEqual([{ devid: 'd1', nodes: [2, 3] }]);
});
