import type { TFunction } from 'i18next';
import type { WeekDay } from './comfort-api';

export const WEEK_DAYS: readonly WeekDay[] = [1, 2, 3, 4, 5, 6, 0];

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, made);
  }
  return made;
}

/** A weekday's name (0 = Sunday) in the user's language: "Sunday". */
export function weekDayName(day: number, locale: string): string {
  // 1 January 2023 was a Sunday.
  return formatter(locale, { weekday: 'long' }).format(new Date(Date.UTC(2023, 0, 1 + day)));
}

/** The parts of "YYYY-MM-DD" or "YYYY-MM-DDTHH:mm"; undefined when it is not one. */
function wallParts(wall: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(wall);
  if (!m) return undefined;
  const [, y, mo, d, h, mi] = m;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0));
}

/**
 * A wall time of the home ("2026-12-18T08:00", no offset: holidays are written in the home's
 * zone) as the user reads it: "Fri 18 Dec 2026, 08:00". Read as UTC so no zone moves it.
 */
export function wallDateTime(wall: string, locale: string): string {
  const at = wallParts(wall);
  if (at === undefined) return wall;
  return formatter(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));
}

/** A day of the home ("2026-12-08") as "Tuesday 8 December". */
export function wallDate(date: string, locale: string): string {
  const at = wallParts(date);
  if (at === undefined) return date;
  return formatter(locale, { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(at));
}

/** The rooms a holiday or one-off day covers, by name; "The whole home" for null. */
export function roomsWords(
  t: TFunction,
  rooms: readonly string[] | null,
  names: ReadonlyMap<string, string>,
): string {
  if (rooms === null) return t('comfort.holidays.wholeHome');
  return rooms.map((r) => names.get(r) ?? r).join(', ');
}
