import { beforeEach, describe, expect, test } from 'vitest';
import { NODE_SORT_STORAGE_KEY, sortNodes, useNodeSortStore } from './node-sort';

const nodes = [
  { addr: 3, name: 'bedroom' },
  { addr: 1, name: 'Living room' },
  { addr: 2, name: 'Kitchen' },
  { addr: 4, name: 'Bedroom' },
];

describe('node sort method (spec 2 §2, §7 setHtrSystemSortMethod)', () => {
  beforeEach(() => localStorage.clear());

  test('by address, or by name ignoring case with the address breaking ties', () => {
    expect(sortNodes(nodes, 'addr').map((n) => n.addr)).toEqual([1, 2, 3, 4]);
    expect(sortNodes(nodes, 'name', 'en').map((n) => n.addr)).toEqual([3, 4, 2, 1]);
  });

  test('the choice is remembered per home on this device', () => {
    useNodeSortStore.getState().setMethod('h1', 'name');
    expect(useNodeSortStore.getState().byHome).toEqual({ h1: 'name' });
    expect(JSON.parse(localStorage.getItem(NODE_SORT_STORAGE_KEY) ?? '{}')).toEqual({ h1: 'name' });
  });
});
