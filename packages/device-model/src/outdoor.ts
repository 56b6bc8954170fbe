import { createRng } from './rng';

/**
 * Outdoor temperature over time for the comfort simulation: a built-in winter set made from a
 * seed, or a real trace read from CSV. Both answer the temperature at any instant by linear
 * interpolation between their points (held flat before the first and after the last).
 */
export interface OutdoorTrace {
  /** °C at the instant `ms`. */
  at(ms: number): number;
}

export interface OutdoorPoint {
  ms: number;
  c: number;
}

const HOUR_MS = 3_600_000;

export function traceFromPoints(points: readonly OutdoorPoint[]): OutdoorTrace {
  if (points.length === 0) throw new Error('an outdoor trace needs at least one point');
  const sorted = [...points].sort((a, b) => a.ms - b.ms);
  return {
    at(ms: number): number {
      const first = sorted[0] as OutdoorPoint;
      const last = sorted[sorted.length - 1] as OutdoorPoint;
      if (ms <= first.ms) return first.c;
      if (ms >= last.ms) return last.c;
      let lo = 0;
      let hi = sorted.length - 1;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if ((sorted[mid] as OutdoorPoint).ms <= ms) lo = mid;
        else hi = mid;
      }
      const a = sorted[lo] as OutdoorPoint;
      const b = sorted[hi] as OutdoorPoint;
      return a.c + ((b.c - a.c) * (ms - a.ms)) / (b.ms - a.ms);
    },
  };
}

/**
 * The CSV format of a real trace: a header line `time,outdoor_c`, then one line per reading
 * with an ISO 8601 instant carrying its offset (`2027-01-05T06:00:00Z` or `…+01:00`) and
 * degrees Celsius. Blank lines and lines starting with `#` are skipped. Throws naming the line
 * of the first bad reading.
 */
export function parseOutdoorCsv(text: string): OutdoorTrace {
  const lines = text.split(/\r?\n/);
  const points: OutdoorPoint[] = [];
  let header = false;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    if (!header) {
      if (line.replace(/\s/g, '').toLowerCase() !== 'time,outdoor_c') {
        throw new Error(`outdoor CSV line ${i + 1}: expected the header "time,outdoor_c"`);
      }
      header = true;
      return;
    }
    const [time, value, extra] = line.split(',').map((s) => s.trim());
    const ms = Date.parse(time ?? '');
    const c = Number(value);
    const zoned = /(Z|[+-]\d\d:\d\d)$/.test(time ?? '');
    if (extra !== undefined || !zoned || Number.isNaN(ms) || value === '' || !Number.isFinite(c)) {
      throw new Error(
        `outdoor CSV line ${i + 1}: expected "<ISO 8601 time with offset>,<°C>", got "${line}"`,
      );
    }
    if (c < -60 || c > 60) throw new Error(`outdoor CSV line ${i + 1}: ${c} °C is not believable`);
    points.push({ ms, c });
  });
  if (points.length === 0) throw new Error('outdoor CSV: no readings');
  return traceFromPoints(points);
}

/**
 * A seeded winter: a daily swing (warmest near 15:00 UTC, coldest near 03:00) around a mean that
 * wanders with passing weather (cold snaps to −8 °C, mild spells to 10 °C). Hourly points from
 * `startMs` for `days` days; the same seed gives the same winter.
 */
export function winterTrace(seed: number, startMs: number, days: number): OutdoorTrace {
  const rng = createRng(seed);
  const points: OutdoorPoint[] = [];
  let mean = 3;
  let swing = 4;
  for (let h = 0; h <= days * 24 + 24; h += 1) {
    // Weather moves the mean as a slow random walk pulled back toward 3 °C.
    mean += (rng() - 0.5) * 0.9 + (3 - mean) * 0.01;
    mean = Math.min(10, Math.max(-8, mean));
    if (h % 24 === 0) swing = 2 + rng() * 5;
    const ms = startMs + h * HOUR_MS;
    const hourOfDay = (ms / HOUR_MS) % 24;
    // Warmest about 15:00 UTC, coldest twelve hours before.
    const daily = (swing / 2) * Math.cos((2 * Math.PI * (hourOfDay - 15)) / 24);
    points.push({ ms, c: Math.round((mean + daily) * 10) / 10 });
  }
  return traceFromPoints(points);
}
