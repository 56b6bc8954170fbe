import { zonedParts, type ZonedParts } from '@hearth/protocol';

export interface ZonedNow extends ZonedParts {
  /** Weekday, 0 Sunday, as the wire counts days. */
  w: number;
}

/** The zone the browser guesses, for homes whose time zone is unknown (spec 3 §2). */
export function guessedTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Wall-clock parts of an instant in the home's zone; an unknown zone falls back to the guess. */
export function zonedNow(timeZone: string | undefined, at = Date.now()): ZonedNow {
  let parts: ZonedParts;
  try {
    parts = zonedParts(at, timeZone ?? guessedTimeZone());
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    parts = zonedParts(at, guessedTimeZone());
  }
  return { ...parts, w: new Date(Date.UTC(parts.y, parts.n - 1, parts.d)).getUTCDay() };
}

/** The zone to compute with: the home's when valid, else the guess. */
export function usableTimeZone(timeZone: string | undefined): string {
  if (timeZone === undefined || timeZone === '') return guessedTimeZone();
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch (error) {
    if (error instanceof RangeError) return guessedTimeZone();
    throw error;
  }
}
