import { useEffect, useState } from 'react';
import { HOME_CLOCK_REFRESH_MS } from '@hearth/protocol';

/** "Saturday, 21 November 2026, 23:45" in the home's time zone (the browser's when unknown). */
export function formatHomeDateTime(at: Date, locale: string, timeZone: string | undefined): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(at);
  } catch (error) {
    // An unknown tz_code from a device must not blank the header: fall back to local time.
    if (error instanceof RangeError) return new Intl.DateTimeFormat(locale, options).format(at);
    throw error;
  }
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
