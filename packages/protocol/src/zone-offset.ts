const HOUR_MS = 3_600_000;
const formatters = new Map<string, Intl.DateTimeFormat>();
// Zone offsets rarely change within a UTC hour, so one lookup per hour keeps a year of
// history (or a fleet's clocks) fast without calling Intl for every step.
const offsetCache = new Map<string, number>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function offsetAt(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * Offset of the IANA zone from UTC at `ms`, in ms (positive east of Greenwich). Remembered per
 * UTC hour when the offset holds for the whole hour; the rare hour with a change inside it
 * (zones that shift on a half hour, such as St John's) is read exactly each time.
 */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const hour = Math.floor(ms / HOUR_MS);
  const key = `${timeZone}|${hour}`;
  const cached = offsetCache.get(key);
  if (cached !== undefined) return Number.isNaN(cached) ? offsetAt(ms, timeZone) : cached;
  const start = offsetAt(hour * HOUR_MS, timeZone);
  const steady = offsetAt((hour + 1) * HOUR_MS - 1000, timeZone) === start;
  if (offsetCache.size > 50_000) offsetCache.clear();
  offsetCache.set(key, steady ? start : Number.NaN);
  return steady ? start : offsetAt(ms, timeZone);
}
