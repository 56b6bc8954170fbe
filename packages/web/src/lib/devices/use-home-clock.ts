import { useEffect, useMemo, useState } from 'react';
import { HOME_CLOCK_REFRESH_MS } from '@hearth/protocol';

const OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // Spec 1 §9 date format: 24-hour time in every language.
  hourCycle: 'h23',
};

const ORDINAL_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

// Building an Intl formatter is far dearer than using one (the first with a time zone loads
// its data), and the header re-renders with every device event: they are made once each.
let ordinalRules: Intl.PluralRules | undefined;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}`;
  let made = formatters.get(key);
  if (!made) {
    try {
      made = new Intl.DateTimeFormat(locale, { ...OPTIONS, timeZone });
    } catch (error) {
      // An unknown tz_code from a device must not blank the header: fall back to local time.
      if (!(error instanceof RangeError)) throw error;
      made = new Intl.DateTimeFormat(locale, OPTIONS);
    }
    formatters.set(key, made);
  }
  return made;
}

/** "22nd" for 22: English ordinal days (spec 1 §9). */
export function englishOrdinal(day: number): string {
  ordinalRules ??= new Intl.PluralRules('en', { type: 'ordinal' });
  const rule = ordinalRules.select(day);
  return `${day}${ORDINAL_SUFFIX[rule] ?? 'th'}`;
}

/**
 * "Sunday, November 22nd, 2026 at 06:04" in the home's time zone (the browser's when
 * unknown): spec 1 §9 — English with an ordinal day, other languages a plain day, and 24-hour
 * time everywhere.
 */
export function formatHomeDateTime(at: Date, locale: string, timeZone: string | undefined): string {
  const english = locale.toLowerCase().startsWith('en');
  return formatter(locale, timeZone)
    .formatToParts(at)
    .map((part) =>
      english && part.type === 'day' ? englishOrdinal(Number(part.value)) : part.value,
    )
    .join('');
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar day of a device's wall clock (month 1–12) as the header writes its date (spec 1
 * §9): "November 22nd, 2026" in English, "22 de noviembre de 2026" in Spanish.
 */
export function formatCalendarDate(y: number, n: number, d: number, locale: string): string {
  let made = dateFormatters.get(locale);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dateFormatters.set(locale, made);
  }
  const english = locale.toLowerCase().startsWith('en');
  return made
    .formatToParts(new Date(Date.UTC(y, n - 1, d, 12)))
    .map((part) =>
      english && part.type === 'day' ? englishOrdinal(Number(part.value)) : part.value,
    )
    .join('');
}

/** Spec 1 §2, spec 3 §2: the header's date and time, refreshed every 60 s. */
export function useHomeClock(locale: string, timeZone: string | undefined): string {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), HOME_CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return useMemo(() => formatHomeDateTime(now, locale, timeZone), [now, locale, timeZone]);
}
