import { describe, expect, test } from 'vitest';
import type { Prog } from '../wire';
import {
  copyDay,
  nudgeScheduleEntry,
  progResolution,
  setScheduleEntryValue,
  setSlot,
  setupSlotsPerDay,
  slotIndexAt,
  slotTimeLabel,
  slotValueAt,
  toHalfHourly,
  toHourly,
  type ScheduleTemperatureEntry,
} from './schedule';
import {
  fromDisplayOrder,
  isEnglish,
  SCHEDULE_DAY_SELECTOR_ORDER,
  toDisplayOrder,
  weekDayOrder,
} from './week';

function weekOf(day: (d: number) => number[]): Prog {
  return {
    '0': day(0),
    '1': day(1),
    '2': day(2),
    '3': day(3),
    '4': day(4),
    '5': day(5),
    '6': day(6),
  };
}
const hourly = weekOf((d) => Array.from({ length: 24 }, (_, h) => (h + d) % 3));

describe('resolution changes', () => {
  test('half-hourly duplicates each hour and hourly keeps the first half of each hour', () => {
    const half = toHalfHourly(hourly);
    expect(half['1']).toHaveLength(48);
    expect(half['1'].slice(0, 4)).toEqual([1, 1, 2, 2]);
    expect(progResolution(half)).toBe('half_hour');
    expect(toHourly(half)).toEqual(hourly);
  });
  test('hourly drops the second half-hour', () => {
    const half = weekOf(() => Array.from({ length: 48 }, (_, i) => (i % 2 === 0 ? 2 : 0)));
    expect(toHourly(half)['3']).toEqual(Array<number>(24).fill(2));
  });
  test('a programme already at the resolution is unchanged', () => {
    expect(toHourly(hourly)).toEqual(hourly);
    expect(progResolution(hourly)).toBe('hour');
  });
});

describe('editing', () => {
  test('copyDay copies to the chosen days only, never onto the source', () => {
    const out = copyDay(hourly, 1, [1, 3, 5]);
    expect(out['3']).toEqual(hourly['1']);
    expect(out['5']).toEqual(hourly['1']);
    expect(out['2']).toEqual(hourly['2']);
    expect(out['1']).toEqual(hourly['1']);
    expect(hourly['3']).not.toEqual(hourly['1']);
  });
  test('setSlot is immutable', () => {
    const out = setSlot(hourly, 2, 5, 0);
    expect(out['2'][5]).toBe(0);
    expect(hourly['2'][5]).toBe(1);
  });
});

describe('slots and labels', () => {
  test('slot index of a time', () => {
    expect(slotIndexAt({ h: 7, m: 45 }, 'hour')).toBe(7);
    expect(slotIndexAt({ h: 7, m: 45 }, 'half_hour')).toBe(15);
    expect(slotIndexAt({ h: 7, m: 29 }, 'half_hour')).toBe(14);
  });
  test('slot value at a device time', () => {
    expect(slotValueAt(hourly, { w: 2, h: 4, m: 10 })).toBe(0);
  });
  test('HH:mm labels', () => {
    expect(slotTimeLabel(0, 'hour')).toBe('00:00');
    expect(slotTimeLabel(9, 'hour')).toBe('09:00');
    expect(slotTimeLabel(15, 'half_hour')).toBe('07:30');
    expect(slotTimeLabel(48, 'half_hour')).toBe('24:00');
  });
});

describe('week order', () => {
  test('English starts on Sunday, other languages on Monday', () => {
    expect(weekDayOrder('en')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekDayOrder('en-GB')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekDayOrder('es')).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(isEnglish('ENG')).toBe(false);
    expect(SCHEDULE_DAY_SELECTOR_ORDER[0]).toBe(1);
  });
  test('reordering round-trips', () => {
    const flags = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa'];
    expect(toDisplayOrder(flags, 'fr')[0]).toBe('mo');
    expect(toDisplayOrder(flags, 'fr')[6]).toBe('su');
    expect(fromDisplayOrder(toDisplayOrder(flags, 'fr'), 'fr')).toEqual(flags);
    expect(toDisplayOrder(flags, 'en')).toEqual(flags);
  });
});

describe('schedule temperature entries', () => {
  const eco: ScheduleTemperatureEntry = { id: 'eco', value: 18, min: 5, max: 30, editable: true };
  test('rounds to the step and clamps to the profile range', () => {
    expect(setScheduleEntryValue(eco, 18.3, 'C').value).toBe(18.5);
    expect(setScheduleEntryValue(eco, 40, 'C').value).toBe(30);
    expect(setScheduleEntryValue({ ...eco, min: 41, max: 86 }, 64.4, 'F').value).toBe(64);
  });
  test('a read-only profile never changes', () => {
    const ice = { ...eco, id: 'ice' as const, value: 7, editable: false };
    expect(setScheduleEntryValue(ice, 10, 'C')).toBe(ice);
    expect(nudgeScheduleEntry(ice, 1, 'C').entry.value).toBe(7);
  });
  test('nudge shakes at the bound', () => {
    expect(nudgeScheduleEntry({ ...eco, value: 30 }, 1, 'C')).toMatchObject({
      entry: { value: 30 },
      hitBound: true,
    });
    expect(nudgeScheduleEntry(eco, -1, 'C').entry.value).toBe(17.5);
  });
});

describe('setupSlotsPerDay (spec 3 §3, §9 schedule methods)', () => {
  test('60 min (0) asks 24 slots a day and 30 min (1) asks 48, in either spelling', () => {
    expect(setupSlotsPerDay({ prog_resol: 0 })).toBe(24);
    expect(setupSlotsPerDay({ prog_resol: 1 })).toBe(48);
    expect(setupSlotsPerDay({ prog_resol: '1' })).toBe(48);
    expect(setupSlotsPerDay({ prog_resolution: 1 })).toBe(48);
    expect(setupSlotsPerDay({ prog_resolution: '0' })).toBe(24);
  });
  test('no method named, or an unknown one, asks nothing', () => {
    expect(setupSlotsPerDay(undefined)).toBeUndefined();
    expect(setupSlotsPerDay({ units: 'C' })).toBeUndefined();
    expect(setupSlotsPerDay({ prog_resol: 30 })).toBeUndefined();
  });
});
