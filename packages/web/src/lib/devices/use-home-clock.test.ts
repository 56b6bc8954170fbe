import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  englishOrdinal,
  formatCalendarDate,
  formatHomeDateTime,
  useHomeClock,
} from './use-home-clock';

// 2026-11-22 23:30 UTC: Sunday night in London, already Monday 23rd in Madrid (UTC+1).
const AT = new Date(Date.UTC(2026, 10, 22, 23, 30));

describe('home header date and time (spec 1 §9)', () => {
  test('English has an ordinal day and 24-hour time, in the home time zone', () => {
    const text = formatHomeDateTime(AT, 'en', 'Europe/London');
    expect(text).toContain('November 22nd, 2026');
    expect(text).toContain('23:30');
    expect(text).not.toMatch(/PM|AM/);
    const madrid = formatHomeDateTime(AT, 'en', 'Europe/Madrid');
    expect(madrid).toContain('Monday, November 23rd');
    expect(madrid).toContain('00:30');
  });

  test('other languages have a plain day and 24-hour time', () => {
    const text = formatHomeDateTime(AT, 'es', 'Europe/Madrid');
    expect(text).toContain('23 de noviembre de 2026');
    expect(text).toContain('00:30');
  });

  test('an unknown time zone falls back to local time instead of failing', () => {
    expect(formatHomeDateTime(AT, 'fr', 'Mars/Olympus')).toMatch(/\d\d:\d\d/);
  });

  test('a device calendar day reads as the header date does, in each language', () => {
    expect(formatCalendarDate(2026, 11, 22, 'en')).toBe('November 22nd, 2026');
    expect(formatCalendarDate(2026, 1, 1, 'es')).toBe('1 de enero de 2026');
    expect(formatCalendarDate(2026, 12, 31, 'de')).toBe('31. Dezember 2026');
  });

  test('English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(englishOrdinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
  });
});

describe('the header clock (spec 3 §2, §9: refreshed every 60 s)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('shows the time at once and moves on only when 60 s have passed', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(Date.UTC(2026, 10, 22, 9, 15, 30)));
    const { result } = renderHook(() => useHomeClock('en', 'UTC'));
    expect(result.current).toContain('09:15');
    // The wall clock turns 09:16 half way through: the header waits for its 60 s tick.
    act(() => vi.advanceTimersByTime(59_999));
    expect(result.current).toContain('09:15');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toContain('09:16');
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toContain('09:17');
  });
});
