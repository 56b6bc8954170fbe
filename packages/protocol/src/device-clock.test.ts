import { describe, expect, it } from 'vitest';
import { advanceDeviceClock, deviceClockAt, isDeviceClock } from './device-clock';

describe('the device clock', () => {
  it('reads the wall time of a zone, with summer time and the weekday', () => {
    const ms = Date.UTC(2026, 6, 1, 10, 30, 42);
    expect(deviceClockAt(ms, 'Europe/Madrid')).toEqual({
      y: 2026,
      n: 7,
      d: 1,
      h: 12,
      m: 30,
      s: 42,
      w: 3,
    });
    expect(deviceClockAt(ms, 'Europe/London')).toMatchObject({ h: 11 });
    expect(deviceClockAt(Date.UTC(2026, 0, 1, 10), 'Europe/Madrid')).toMatchObject({ h: 11 });
    // Across the date line: already the next day, and its weekday.
    expect(deviceClockAt(Date.UTC(2026, 6, 1, 20), 'Pacific/Auckland')).toMatchObject({
      d: 2,
      h: 8,
      w: 4,
    });
  });

  it('follows the jump to summer time and zones west of Greenwich, Sunday as 0', () => {
    // 29 March 2026, 01:00 UTC: clocks jump from 02:00 to 03:00 in Madrid.
    expect(deviceClockAt(Date.UTC(2026, 2, 29, 0, 59), 'Europe/Madrid')).toMatchObject({
      h: 1,
      m: 59,
    });
    expect(deviceClockAt(Date.UTC(2026, 2, 29, 1, 0), 'Europe/Madrid')).toMatchObject({
      h: 3,
      m: 0,
    });
    const instant = Date.UTC(2026, 0, 3, 23, 30, 15);
    expect(deviceClockAt(instant, 'Europe/Madrid')).toMatchObject({ d: 4, h: 0, w: 0 });
    expect(deviceClockAt(instant, 'America/New_York')).toEqual({
      y: 2026,
      n: 1,
      d: 3,
      h: 18,
      m: 30,
      s: 15,
      w: 6,
    });
  });

  it('refuses a zone Intl does not know', () => {
    expect(() => deviceClockAt(0, 'Mars/Olympus')).toThrow(RangeError);
  });

  it('advances a published clock across midnight, month and year ends', () => {
    expect(
      advanceDeviceClock({ y: 2025, n: 12, d: 31, h: 23, m: 59, s: 50, w: 3 }, 15_000),
    ).toEqual({ y: 2026, n: 1, d: 1, h: 0, m: 0, s: 5, w: 4 });
    // A clock is never moved back.
    expect(advanceDeviceClock({ y: 2026, n: 3, d: 1, h: 8, m: 0, s: 0, w: 0 }, -5_000)).toEqual({
      y: 2026,
      n: 3,
      d: 1,
      h: 8,
      m: 0,
      s: 0,
      w: 0,
    });
  });

  it('recognises a published clock by its whole-number fields', () => {
    expect(isDeviceClock({ y: 2026, n: 3, d: 1, h: 8, m: 0, s: 0, w: 0 })).toBe(true);
    expect(isDeviceClock({ y: 2026, n: 3, d: 1, h: 8, m: 0 })).toBe(false);
    expect(isDeviceClock({ y: 2026, n: 3, d: 1, h: 8.5, m: 0, s: 0 })).toBe(false);
    expect(isDeviceClock(null)).toBe(false);
    expect(isDeviceClock('12:00')).toBe(false);
  });
});
