import { describe, expect, test } from 'vitest';
import {
  copyGridDay,
  currentGridCell,
  defaultPowerSlots,
  emptyPowerGrid,
  gridToSlots,
  isPowerScheduleEmpty,
  setGridHour,
  slotsToGrid,
} from './power-schedule';

describe('gridToSlots', () => {
  test('merges consecutive hours and opens each day with a slot', () => {
    let grid = emptyPowerGrid();
    grid = setGridHour(grid, 0, 7, 1);
    grid = setGridHour(grid, 0, 8, 1);
    const slots = gridToSlots(grid, 'en'); // row 0 is Sunday in English
    expect(slots.slice(0, 3)).toEqual([
      { m: 0, i: 0 },
      { m: 420, i: 1 },
      { m: 540, i: 0 },
    ]);
    expect(slots.slice(3)).toEqual([1, 2, 3, 4, 5, 6].map((d) => ({ m: d * 1440, i: 0 })));
  });
  test('rotates a Monday-first week back to a Sunday start', () => {
    const grid = setGridHour(emptyPowerGrid(), 0, 0, 2); // row 0 is Monday in Spanish
    const slots = gridToSlots(grid, 'es');
    expect(slots).toContainEqual({ m: 1440, i: 2 });
    expect(slots).toContainEqual({ m: 1440 + 60, i: 0 });
    expect(slots[0]).toEqual({ m: 0, i: 0 });
    const sundayRow = setGridHour(emptyPowerGrid(), 6, 23, 3);
    expect(gridToSlots(sundayRow, 'es')).toContainEqual({ m: 23 * 60, i: 3 });
  });
  test('an all-zero grid gives the seven default slots', () => {
    expect(gridToSlots(emptyPowerGrid(), 'fr')).toEqual(defaultPowerSlots());
  });
});

describe('slotsToGrid', () => {
  test('round-trips in both week orders', () => {
    let grid = emptyPowerGrid();
    grid = setGridHour(grid, 2, 5, 1);
    grid = setGridHour(grid, 6, 23, 2);
    grid = setGridHour(grid, 0, 0, 3);
    for (const lang of ['en', 'de'])
      expect(slotsToGrid(gridToSlots(grid, lang), lang)).toEqual(grid);
  });
  test('merged slots spanning days and hours before the first slot wrap from the last', () => {
    const grid = slotsToGrid(
      [
        { m: 1440 + 600, i: 1 },
        { m: 6 * 1440 + 1200, i: 2 },
      ],
      'en',
    );
    expect(grid[0]?.[0]).toBe(2); // Sunday 00:00 continues Saturday 20:00
    expect(grid[1]?.[9]).toBe(2);
    expect(grid[1]?.[10]).toBe(1);
    expect(grid[3]?.[12]).toBe(1);
    expect(grid[6]?.[20]).toBe(2);
  });
  test('Monday-first rows for other languages', () => {
    const grid = slotsToGrid(
      [
        { m: 0, i: 0 },
        { m: 1440, i: 1 },
        { m: 2880, i: 0 },
      ],
      'it',
    );
    expect(grid[0]).toEqual(Array<number>(24).fill(1));
    expect(grid[6]).toEqual(Array<number>(24).fill(0));
  });
  test('no slots is an empty schedule', () => {
    expect(isPowerScheduleEmpty([])).toBe(true);
    expect(isPowerScheduleEmpty(undefined)).toBe(true);
    expect(isPowerScheduleEmpty(defaultPowerSlots())).toBe(false);
    expect(slotsToGrid([], 'en')).toEqual(emptyPowerGrid());
  });
});

test('copyGridDay and the current cell', () => {
  const grid = setGridHour(emptyPowerGrid(), 1, 3, 2);
  const out = copyGridDay(grid, 1, [1, 4]);
  expect(out[4]?.[3]).toBe(2);
  expect(out[2]?.[3]).toBe(0);
  expect(currentGridCell({ w: 0, h: 5 }, 'en')).toEqual({ row: 0, hour: 5 });
  expect(currentGridCell({ w: 0, h: 5 }, 'es')).toEqual({ row: 6, hour: 5 });
});
