import { describe, expect, test } from 'vitest';
import {
  daysInMonth,
  drillDown,
  isNextHidden,
  nextPeriod,
  periodFromQuery,
  periodRangeMs,
  periodToQuery,
  previousPeriod,
  recordsTitle,
  zonedParts,
  zonedWallToMs,
} from './records-period';

const today = { year: 2026, month: 11, day: 21 };

describe('scope from the query', () => {
  test('day when a day is present, month when only a month, otherwise year', () => {
    expect(periodFromQuery({ day: '3', month: '2', year: '2025' }, today)).toEqual({
      scope: 'day',
      year: 2025,
      month: 2,
      day: 3,
    });
    expect(periodFromQuery({ month: '2', year: '2025' }, today)).toEqual({
      scope: 'month',
      year: 2025,
      month: 2,
    });
    expect(periodFromQuery({ year: '2025' }, today)).toEqual({ scope: 'year', year: 2025 });
    expect(periodFromQuery({}, today)).toEqual({ scope: 'year', year: 2026 });
  });
  test('a day beyond the month is pulled back', () => {
    expect(periodFromQuery({ day: '31', month: '2', year: '2024' }, today)).toMatchObject({
      day: 29,
    });
  });
  test('round-trips through the query', () => {
    const p = { scope: 'day', year: 2026, month: 3, day: 9 } as const;
    expect(periodFromQuery(periodToQuery(p), today)).toEqual(p);
  });
});

describe('stepping', () => {
  test('days cross months and leap years', () => {
    expect(nextPeriod({ scope: 'day', year: 2024, month: 2, day: 28 })).toEqual({
      scope: 'day',
      year: 2024,
      month: 2,
      day: 29,
    });
    expect(nextPeriod({ scope: 'day', year: 2025, month: 2, day: 28 })).toEqual({
      scope: 'day',
      year: 2025,
      month: 3,
      day: 1,
    });
    expect(previousPeriod({ scope: 'day', year: 2026, month: 1, day: 1 })).toEqual({
      scope: 'day',
      year: 2025,
      month: 12,
      day: 31,
    });
  });
  test('months cross years', () => {
    expect(nextPeriod({ scope: 'month', year: 2025, month: 12 })).toEqual({
      scope: 'month',
      year: 2026,
      month: 1,
    });
    expect(previousPeriod({ scope: 'month', year: 2026, month: 1 })).toEqual({
      scope: 'month',
      year: 2025,
      month: 12,
    });
    expect(previousPeriod({ scope: 'year', year: 2026 })).toEqual({ scope: 'year', year: 2025 });
  });
  test('next is hidden when the period is not earlier than today', () => {
    expect(isNextHidden({ scope: 'day', ...today }, today)).toBe(true);
    expect(isNextHidden({ scope: 'day', year: 2026, month: 11, day: 20 }, today)).toBe(false);
    expect(isNextHidden({ scope: 'month', year: 2026, month: 11 }, today)).toBe(true);
    expect(isNextHidden({ scope: 'month', year: 2026, month: 10 }, today)).toBe(false);
    expect(isNextHidden({ scope: 'year', year: 2026 }, today)).toBe(true);
    expect(isNextHidden({ scope: 'year', year: 2025 }, today)).toBe(false);
    expect(isNextHidden({ scope: 'day', year: 2027, month: 1, day: 1 }, today)).toBe(true);
  });
});

test('drill-down year → month → day, never from a day', () => {
  expect(drillDown({ scope: 'year', year: 2026 }, 2)).toEqual({
    scope: 'month',
    year: 2026,
    month: 3,
  });
  expect(drillDown({ scope: 'month', year: 2026, month: 3 }, 9)).toEqual({
    scope: 'day',
    year: 2026,
    month: 3,
    day: 10,
  });
  expect(drillDown({ scope: 'month', year: 2026, month: 2 }, 28)).toBeUndefined();
  expect(drillDown({ scope: 'day', year: 2026, month: 3, day: 10 }, 4)).toBeUndefined();
});

test('title', () => {
  expect(recordsTitle('Home')).toBe('Home');
  expect(recordsTitle('Home', 'Kitchen')).toBe('Home – Kitchen');
});

test('days in month', () => {
  expect(daysInMonth(2024, 2)).toBe(29);
  expect(daysInMonth(2100, 2)).toBe(28);
  expect(daysInMonth(2026, 4)).toBe(30);
});

describe('time zones', () => {
  test('zoned parts and the inverse', () => {
    const ms = Date.UTC(2026, 6, 1, 10, 30);
    expect(zonedParts(ms, 'Europe/Madrid')).toEqual({ y: 2026, n: 7, d: 1, h: 12, m: 30 });
    expect(zonedWallToMs({ y: 2026, n: 7, d: 1, h: 12, m: 30 }, 'Europe/Madrid')).toBe(ms);
  });
  test('a day range spans the local day, 23 h on the spring DST change', () => {
    const { start, end } = periodRangeMs(
      { scope: 'day', year: 2026, month: 3, day: 29 },
      'Europe/Madrid',
    );
    expect(start).toBe(Date.UTC(2026, 2, 28, 23));
    expect(end - start).toBe(23 * 3600_000);
  });
  test('a year range', () => {
    const { start, end } = periodRangeMs({ scope: 'year', year: 2026 }, 'UTC');
    expect(start).toBe(Date.UTC(2026, 0, 1));
    expect(end).toBe(Date.UTC(2027, 0, 1));
  });
});
