import { PROG_DAY_KEYS, type ProgDayKey } from '../modes';

/** Weekdays as the wire numbers them: 0 Sunday … 6 Saturday. */
export type WeekDay = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const SUNDAY_FIRST: readonly WeekDay[] = [0, 1, 2, 3, 4, 5, 6];
const MONDAY_FIRST: readonly WeekDay[] = [1, 2, 3, 4, 5, 6, 0];

/** English in any region ("en", "en-GB") starts its week on Sunday. */
export function isEnglish(lang: string): boolean {
  return lang.toLowerCase().split(/[-_]/)[0] === 'en';
}

/**
 * Spec 3 §2 (power schedule) and §9 (charge days): days start on Sunday for English and
 * Monday for other languages. Returns wire weekdays in display order.
 */
export function weekDayOrder(lang: string): WeekDay[] {
  return [...(isEnglish(lang) ? SUNDAY_FIRST : MONDAY_FIRST)];
}

/** Spec 3 §2: the schedule screen's day selector always runs Monday to Sunday. */
export const SCHEDULE_DAY_SELECTOR_ORDER: readonly WeekDay[] = MONDAY_FIRST;

export function dayKey(day: WeekDay): ProgDayKey {
  return PROG_DAY_KEYS[day];
}

/** Reorders 7 Sunday-first items (e.g. charge-day flags) into display order, and back. */
export function toDisplayOrder<T>(sundayFirst: readonly T[], lang: string): T[] {
  return weekDayOrder(lang).map((d) => sundayFirst[d] as T);
}

export function fromDisplayOrder<T>(displayed: readonly T[], lang: string): T[] {
  const out = new Array<T>(displayed.length);
  weekDayOrder(lang).forEach((d, row) => {
    out[d] = displayed[row] as T;
  });
  return out;
}
