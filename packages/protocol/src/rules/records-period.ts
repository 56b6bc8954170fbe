import { deviceClockAt } from '../device-clock';
import { YEAR_CHART_MONTHS } from './constants';

/** A calendar date in the home's time zone; month is 1-based. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Spec 3 §2 Records: the chart's period. Month is 1-based, as in the route query. */
export type RecordsPeriod =
  | { scope: 'day'; year: number; month: number; day: number }
  | { scope: 'month'; year: number; month: number }
  | { scope: 'year'; year: number };

export type RecordsScope = RecordsPeriod['scope'];

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function intOr(value: string | number | undefined | null, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  return Number.isInteger(n) ? n : fallback;
}

type Query = {
  day?: string | number | null;
  month?: string | number | null;
  year?: string | number | null;
};

function present(v: string | number | null | undefined): boolean {
  return v !== undefined && v !== null && v !== '';
}

/** Spec 3 §2: day if the query has a day, month if only a month, otherwise year. Missing parts come from today. */
export function periodFromQuery(query: Query, today: CalendarDate): RecordsPeriod {
  const year = intOr(query.year, today.year);
  const month = Math.min(12, Math.max(1, intOr(query.month, today.month)));
  if (present(query.day)) {
    const day = Math.min(daysInMonth(year, month), Math.max(1, intOr(query.day, today.day)));
    return { scope: 'day', year, month, day };
  }
  if (present(query.month)) return { scope: 'month', year, month };
  return { scope: 'year', year };
}

export function periodToQuery(p: RecordsPeriod): { year: string; month?: string; day?: string } {
  if (p.scope === 'year') return { year: String(p.year) };
  if (p.scope === 'month') return { year: String(p.year), month: String(p.month) };
  return { year: String(p.year), month: String(p.month), day: String(p.day) };
}

/** The records page opens on today's day chart. */
export function todayPeriod(today: CalendarDate): RecordsPeriod {
  return { scope: 'day', ...today };
}

function shift(p: RecordsPeriod, by: 1 | -1): RecordsPeriod {
  if (p.scope === 'year') return { scope: 'year', year: p.year + by };
  if (p.scope === 'month') {
    const idx = p.year * 12 + (p.month - 1) + by;
    return { scope: 'month', year: Math.floor(idx / 12), month: (idx % 12) + 1 };
  }
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day + by));
  return {
    scope: 'day',
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
  };
}

export function previousPeriod(p: RecordsPeriod): RecordsPeriod {
  return shift(p, -1);
}

export function nextPeriod(p: RecordsPeriod): RecordsPeriod {
  return shift(p, 1);
}

function compareAtScope(p: RecordsPeriod, today: CalendarDate): number {
  if (p.year !== today.year || p.scope === 'year') return p.year - today.year;
  if (p.month !== today.month || p.scope === 'month') return p.month - today.month;
  return p.day - today.day;
}

/** Spec 3 §2: next is hidden when the shown period is not earlier than today's. */
export function isNextHidden(p: RecordsPeriod, today: CalendarDate): boolean {
  return compareAtScope(p, today) >= 0;
}

/** Spec 3 §2: a year chart drills to the clicked month, a month chart to the clicked day; a day chart does not drill. */
export function drillDown(p: RecordsPeriod, bucketIndex: number): RecordsPeriod | undefined {
  if (p.scope === 'year') {
    if (bucketIndex < 0 || bucketIndex >= YEAR_CHART_MONTHS) return undefined;
    return { scope: 'month', year: p.year, month: bucketIndex + 1 };
  }
  if (p.scope === 'month') {
    if (bucketIndex < 0 || bucketIndex >= daysInMonth(p.year, p.month)) return undefined;
    return { scope: 'day', year: p.year, month: p.month, day: bucketIndex + 1 };
  }
  return undefined;
}

/** The separator is not named by the spec; an en dash with spaces reads well in every language. */
export const RECORDS_TITLE_SEPARATOR = ' – ';

/** Spec 3 §2: the home name, plus the node name when a single node is shown. */
export function recordsTitle(homeName: string, nodeName?: string): string {
  return nodeName === undefined || nodeName === ''
    ? homeName
    : `${homeName}${RECORDS_TITLE_SEPARATOR}${nodeName}`;
}

/** Calendar parts of an instant in a time zone (browser-safe: Intl only). */
export interface ZonedParts {
  y: number;
  n: number;
  d: number;
  h: number;
  m: number;
}

/** Throws a RangeError for a zone Intl does not know. */
export function zonedParts(ms: number, timeZone: string): ZonedParts {
  const { y, n, d, h, m } = deviceClockAt(ms, timeZone);
  return { y, n, d, h, m };
}

/** The instant at which a wall-clock time occurs in a time zone (first occurrence on DST overlaps). */
export function zonedWallToMs(parts: ZonedParts, timeZone: string): number {
  const wall = Date.UTC(parts.y, parts.n - 1, parts.d, parts.h, parts.m);
  let guess = wall;
  for (let i = 0; i < 3; i += 1) {
    const p = zonedParts(guess, timeZone);
    const seen = Date.UTC(p.y, p.n - 1, p.d, p.h, p.m);
    if (seen === wall) return guess;
    guess += wall - seen;
  }
  return guess;
}

/** [start, end) of a period in the home's time zone, in ms; divide by 1000 for the samples call. */
export function periodRangeMs(p: RecordsPeriod, timeZone: string): { start: number; end: number } {
  const first = {
    y: p.year,
    n: p.scope === 'year' ? 1 : p.month,
    d: p.scope === 'day' ? p.day : 1,
    h: 0,
    m: 0,
  };
  const after = nextPeriod(p);
  const next = {
    y: after.year,
    n: after.scope === 'year' ? 1 : after.month,
    d: after.scope === 'day' ? after.day : 1,
    h: 0,
    m: 0,
  };
  return { start: zonedWallToMs(first, timeZone), end: zonedWallToMs(next, timeZone) };
}
