import { zoneOffsetMs } from './zone-offset';

/**
 * The device clock on the wire (`/mgr/rtc/time`, spec 3 §3): the home's local wall time,
 * n the month 1–12, w the weekday with 0 = Sunday.
 */
export interface DeviceClock {
  y: number;
  n: number;
  d: number;
  h: number;
  m: number;
  s: number;
  w: number;
}

/** The fields of a wall time held as milliseconds read as UTC. */
function fromWall(wallMs: number): DeviceClock {
  const t = new Date(wallMs);
  return {
    y: t.getUTCFullYear(),
    n: t.getUTCMonth() + 1,
    d: t.getUTCDate(),
    h: t.getUTCHours(),
    m: t.getUTCMinutes(),
    s: t.getUTCSeconds(),
    w: t.getUTCDay(),
  };
}

/** A clock as a gateway publishes it: whole numbers for the date and time (w is derived). */
export function isDeviceClock(value: unknown): value is DeviceClock {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return ['y', 'n', 'd', 'h', 'm', 's'].every((k) => Number.isInteger(v[k]));
}

/** The clock of a device in `timeZone` at `ms`; a RangeError for a zone Intl does not know. */
export function deviceClockAt(ms: number, timeZone: string): DeviceClock {
  return fromWall(ms + zoneOffsetMs(ms, timeZone));
}

/**
 * A clock published `elapsedMs` ago, moved on by that much as the device's own clock would
 * (a summer-time change in between shows at its next report). The weekday is recomputed.
 */
export function advanceDeviceClock(clock: DeviceClock, elapsedMs: number): DeviceClock {
  const wall = Date.UTC(clock.y, clock.n - 1, clock.d, clock.h, clock.m, clock.s);
  return fromWall(wall + Math.max(0, elapsedMs));
}
