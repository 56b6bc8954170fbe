import { advanceDeviceClock, type DeviceClock } from '../device-clock';
import { MINUTES_PER_DAY, MINUTES_PER_WEEK } from './constants';

/** Where a boost ends as the status encodes it: weekday (0 Sunday) and minute of that day. */
export interface BoostEnd {
  boost_end_day: number;
  boost_end_min: number;
}

export function minuteOfWeek(clock: Pick<DeviceClock, 'w' | 'h' | 'm'>): number {
  return clock.w * MINUTES_PER_DAY + clock.h * 60 + clock.m;
}

function endMinuteOfWeek(end: BoostEnd): number {
  return (end.boost_end_day * MINUTES_PER_DAY + end.boost_end_min) % MINUTES_PER_WEEK;
}

/**
 * Whole minutes left until the boost ends, wrapping across the week. A partly elapsed minute
 * counts as left (rounded up), so the display reads "1 min" until the very end, never "0"
 * while the boost still runs. An end equal to the clock's minute is 0.
 */
export function boostRemainingMinutes(clock: DeviceClock, end: BoostEnd): number {
  const nowS = minuteOfWeek(clock) * 60 + clock.s;
  const endS = endMinuteOfWeek(end) * 60;
  const weekS = MINUTES_PER_WEEK * 60;
  const diffS = (((endS - nowS) % weekS) + weekS) % weekS;
  if (diffS > weekS - 60) return 0;
  return Math.ceil(diffS / 60);
}

/** Splits minutes into hours and minutes for the "1 h 05 min" display. */
export function splitMinutes(total: number): { hours: number; minutes: number } {
  const t = Math.max(0, Math.round(total));
  return { hours: Math.floor(t / 60), minutes: t % 60 };
}

export interface WallClockDateTime {
  y: number;
  /** Month 1–12. */
  n: number;
  d: number;
  h: number;
  m: number;
  /** Weekday, 0 Sunday. */
  w: number;
}

/**
 * Spec 3 §4: storage heaters show the end date and time instead of the remaining time.
 * Computed in the device's wall clock (no time zone needed: both ends are device time).
 */
export function boostEndDateTime(clock: DeviceClock, end: BoostEnd): WallClockDateTime {
  const diffMin =
    (((endMinuteOfWeek(end) - minuteOfWeek(clock)) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) %
    MINUTES_PER_WEEK;
  const { y, n, d, h, m, w } = advanceDeviceClock({ ...clock, s: 0 }, diffMin * 60_000);
  return { y, n, d, h, m, w };
}
