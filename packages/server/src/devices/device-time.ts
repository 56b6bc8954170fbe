import { deviceClockAt, type DeviceClock } from '@hearth/protocol';

/** The wall time of `timeZone` at `ms`; UTC when the zone is missing or unknown. */
export function zoneTime(ms: number, timeZone: string | undefined): DeviceClock {
  if (timeZone) {
    try {
      return deviceClockAt(ms, timeZone);
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
    }
  }
  return deviceClockAt(ms, 'UTC');
}
