import { describe, expect, test } from 'vitest';
import { boostEndDateTime, boostRemainingMinutes, minuteOfWeek, splitMinutes } from './boost';

// Wednesday 14 January 2026, 10:00:00 (w = 3).
const clock = { y: 2026, n: 1, d: 14, h: 10, m: 0, s: 0, w: 3 };

describe('boostRemainingMinutes', () => {
  test('same day', () => {
    expect(boostRemainingMinutes(clock, { boost_end_day: 3, boost_end_min: 11 * 60 + 30 })).toBe(
      90,
    );
  });
  test('into the next day', () => {
    expect(
      boostRemainingMinutes({ ...clock, h: 23, m: 30 }, { boost_end_day: 4, boost_end_min: 30 }),
    ).toBe(60);
  });
  test('wraps from Saturday to Sunday', () => {
    const sat = { y: 2026, n: 1, d: 17, h: 23, m: 0, s: 0, w: 6 };
    expect(boostRemainingMinutes(sat, { boost_end_day: 0, boost_end_min: 60 })).toBe(120);
  });
  test('a started minute still counts', () => {
    expect(
      boostRemainingMinutes({ ...clock, s: 20 }, { boost_end_day: 3, boost_end_min: 10 * 60 + 5 }),
    ).toBe(5);
  });
  test('zero at the end', () => {
    expect(boostRemainingMinutes(clock, { boost_end_day: 3, boost_end_min: 600 })).toBe(0);
  });
});

test('minuteOfWeek counts from Sunday midnight', () => {
  expect(minuteOfWeek({ w: 0, h: 0, m: 0 })).toBe(0);
  expect(minuteOfWeek({ w: 6, h: 23, m: 59 })).toBe(10079);
});

test('splitMinutes', () => {
  expect(splitMinutes(125)).toEqual({ hours: 2, minutes: 5 });
  expect(splitMinutes(-3)).toEqual({ hours: 0, minutes: 0 });
});

describe('boostEndDateTime', () => {
  test('later the same day', () => {
    expect(boostEndDateTime(clock, { boost_end_day: 3, boost_end_min: 13 * 60 + 15 })).toEqual({
      y: 2026,
      n: 1,
      d: 14,
      h: 13,
      m: 15,
      w: 3,
    });
  });
  test('across a month and year boundary', () => {
    const nye = { y: 2025, n: 12, d: 31, h: 22, m: 0, s: 0, w: 3 };
    expect(boostEndDateTime(nye, { boost_end_day: 4, boost_end_min: 120 })).toEqual({
      y: 2026,
      n: 1,
      d: 1,
      h: 2,
      m: 0,
      w: 4,
    });
  });
});
