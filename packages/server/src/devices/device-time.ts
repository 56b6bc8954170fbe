/** The device clock on the wire (spec 3 §3): local wall time of the home, month 1-based, w 0 = Sunday. */
export interface DeviceTime {
  y: number;
  n: number;
  d: number;
  h: number;
  m: number;
  s: number;
  w: number;
}

export function isDeviceTime(value: unknown): value is DeviceTime {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return ['y', 'n', 'd', 'h', 'm', 's'].every((k) => Number.isInteger(v[k]));
}

function fromWall(ms: number): DeviceTime {
  const t = new Date(ms);
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

/**
 * A clock the gateway published `elapsedMs` ago, moved on by that much. Wall time is
 * advanced as the device's own clock would; a DST change in between shows at its next report.
 */
export function advanceDeviceTime(time: DeviceTime, elapsedMs: number): DeviceTime {
  const wall = Date.UTC(time.y, time.n - 1, time.d, time.h, time.m, time.s);
  return fromWall(wall + Math.max(0, elapsedMs));
}

/** The wall time of `timeZone` at `ms`; UTC when the zone is unknown. */
export function zoneTime(ms: number, timeZone: string | undefined): DeviceTime {
  let zone = 'UTC';
  if (timeZone) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      zone = timeZone;
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
    }
  }
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return fromWall(
    Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')),
  );
}
