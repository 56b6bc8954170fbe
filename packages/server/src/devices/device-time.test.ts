import { describe, expect, it } from 'vitest';
import { advanceDeviceTime, zoneTime } from './device-time';

describe('device time', () => {
  it('advances a published clock across midnight, month and year ends', () => {
    expect(advanceDeviceTime({ y: 2025, n: 12, d: 31, h: 23, m: 59, s: 50, w: 3 }, 15_000)).toEqual(
      {
        y: 2026,
        n: 1,
        d: 1,
        h: 0,
        m: 0,
        s: 5,
        w: 4,
      },
    );
  });

  it('reads the wall time of a zone, with summer time, and UTC for an unknown zone', () => {
    const ms = Date.UTC(2026, 6, 1, 10, 30, 0);
    expect(zoneTime(ms, 'Europe/Madrid')).toEqual({
      y: 2026,
      n: 7,
      d: 1,
      h: 12,
      m: 30,
      s: 0,
      w: 3,
    });
    expect(zoneTime(ms, 'Europe/London')).toMatchObject({ h: 11 });
    expect(zoneTime(ms, 'Mars/Olympus')).toMatchObject({ h: 10 });
    expect(zoneTime(Date.UTC(2026, 0, 1, 10), 'Europe/Madrid')).toMatchObject({ h: 11 });
  });
});
