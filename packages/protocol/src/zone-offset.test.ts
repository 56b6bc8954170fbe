import { describe, expect, it } from 'vitest';
import { zoneOffsetMs } from './zone-offset';

const HOUR = 3_600_000;

describe('zone offsets', () => {
  it('reads standard and summer time, east and west of Greenwich', () => {
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15, 12), 'Europe/Madrid')).toBe(HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15, 12), 'Europe/Madrid')).toBe(2 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15, 12), 'America/New_York')).toBe(-5 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15, 12), 'Asia/Kathmandu')).toBe(5.75 * HOUR);
  });

  it('is exact in an hour whose change falls on the half hour, whichever is asked first', () => {
    // St John's springs forward at 02:00 local (UTC−3:30), 05:30 UTC on 8 March 2026.
    const after = Date.UTC(2026, 2, 8, 5, 45);
    const before = Date.UTC(2026, 2, 8, 5, 15);
    expect(zoneOffsetMs(after, 'America/St_Johns')).toBe(-2.5 * HOUR);
    expect(zoneOffsetMs(before, 'America/St_Johns')).toBe(-3.5 * HOUR);
    expect(zoneOffsetMs(after, 'America/St_Johns')).toBe(-2.5 * HOUR);
    // Madrid changes on a whole UTC hour: either side of 01:00 UTC on 29 March 2026.
    expect(zoneOffsetMs(Date.UTC(2026, 2, 29, 0, 59), 'Europe/Madrid')).toBe(HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 2, 29, 1, 0), 'Europe/Madrid')).toBe(2 * HOUR);
  });

  it('refuses a zone Intl does not know', () => {
    expect(() => zoneOffsetMs(0, 'Mars/Olympus')).toThrow(RangeError);
  });
});
