import { describe, expect, it } from 'vitest';
import { zoneTime } from './device-time';

describe('device time', () => {
  it("reads the zone's wall time, and UTC for a missing or unknown zone", () => {
    const ms = Date.UTC(2026, 6, 1, 10, 30, 0);
    expect(zoneTime(ms, 'Europe/Madrid')).toMatchObject({ d: 1, h: 12, m: 30, w: 3 });
    expect(zoneTime(ms, 'Mars/Olympus')).toMatchObject({ h: 10, m: 30 });
    expect(zoneTime(ms, undefined)).toMatchObject({ h: 10, m: 30 });
  });
});
