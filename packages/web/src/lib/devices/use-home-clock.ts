import { useEffect, useState } from 'react';
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

/** "22nd" for 22: English ordinal days (spec 1 §9). */
export function englishOrdinal(day: number): string {
  const rule = new Intl.PluralRules('en', { type: 'ordinal' }).select(day);
  return `${day}${ORDINAL_SUFFIX[rule] ?? 'th'}`;
}

function parts(at: Date, locale: string, timeZone: string | undefined): Intl.DateTimeFormatPart[] {
  try {
    return new Intl.DateTimeFormat(locale, { ...OPTIONS, timeZone }).formatToParts(at);
  } catch (error) {
    // An unknown tz_code from a device must not blank the header: fall back to local time.
    if (error instanceof RangeError)
      return new Intl.DateTimeFormat(locale, OPTIONS).formatToParts(at);
    throw error;
  }
}

/**
 * "Sunday, November 22nd, 2026 at 06:04" in the home's time zone (the browser's when
 * unknown): spec 1 §9 — English with an ordinal day, other languages a plain day, and 24-hour
 * time everywhere.
 */
export function formatHomeDateTime(at: Date, locale: string, timeZone: string | undefined): string {
  const english = locale.toLowerCase().startsWith('en');
  return parts(at, locale, timeZone)
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
  return formatHomeDateTime(now, locale, timeZone);
}
