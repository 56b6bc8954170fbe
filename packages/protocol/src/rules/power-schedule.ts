import { DAYS_PER_WEEK, HOURS_PER_DAY, MINUTES_PER_DAY, MINUTES_PER_WEEK } from './constants';
import { weekDayOrder, type WeekDay } from './week';

/** One entry of `max_power_config.slots`: from minute-of-week m (0 = Sunday 00:00) profile i applies. */
export interface PowerSlot {
  m: number;
  i: number;
}

/** 7 rows (display days, in weekDayOrder(lang)) × 24 hourly profile indexes. */
export type PowerGrid = number[][];

export function emptyPowerGrid(profile = 0): PowerGrid {
  return Array.from({ length: DAYS_PER_WEEK }, () => Array<number>(HOURS_PER_DAY).fill(profile));
}

/**
 * Spec 3 §4: on save, consecutive hours with the same profile merge into slots; for non-English
 * the Monday-first display week is rotated back to a Sunday start. Each day opens with its own
 * slot (m = 1440 × day), like the seven default slots of spec 2 §3, so a device reading one
 * day never depends on the day before.
 */
export function gridToSlots(grid: PowerGrid, lang: string): PowerSlot[] {
  const order = weekDayOrder(lang);
  const byWeekDay: number[][] = [];
  order.forEach((weekDay, row) => {
    byWeekDay[weekDay] = grid[row] ?? [];
  });
  const slots: PowerSlot[] = [];
  for (let day = 0; day < DAYS_PER_WEEK; day += 1) {
    const hours = byWeekDay[day] ?? [];
    for (let h = 0; h < HOURS_PER_DAY; h += 1) {
      const i = hours[h] ?? 0;
      if (h === 0 || i !== hours[h - 1]) slots.push({ m: day * MINUTES_PER_DAY + h * 60, i });
    }
  }
  return slots;
}

/**
 * The inverse: each hour takes the profile of the last slot starting at or before it. Hours before
 * the first slot take the week's last slot, since the week repeats. No slots gives profile 0.
 */
export function slotsToGrid(slots: readonly PowerSlot[], lang: string): PowerGrid {
  const sorted = [...slots]
    .filter((s) => s.m >= 0 && s.m < MINUTES_PER_WEEK)
    .sort((a, b) => a.m - b.m);
  const byWeekDay: number[][] = [];
  for (let day = 0; day < DAYS_PER_WEEK; day += 1) {
    const hours: number[] = [];
    for (let h = 0; h < HOURS_PER_DAY; h += 1) {
      const minute = day * MINUTES_PER_DAY + h * 60;
      let profile = sorted.at(-1)?.i ?? 0;
      for (const s of sorted) {
        if (s.m > minute) break;
        profile = s.i;
      }
      hours.push(profile);
    }
    byWeekDay.push(hours);
  }
  return weekDayOrder(lang).map((weekDay) => byWeekDay[weekDay] ?? []);
}

/** Spec 3 §2: a setup modal opens when the schedule is empty. */
export function isPowerScheduleEmpty(slots: readonly PowerSlot[] | undefined): boolean {
  return slots === undefined || slots.length === 0;
}

/** Copies one display row to other rows (the source is never overwritten). */
export function copyGridDay(
  grid: PowerGrid,
  fromRow: number,
  toRows: readonly number[],
): PowerGrid {
  const source = grid[fromRow] ?? [];
  return grid.map((row, r) => (r !== fromRow && toRows.includes(r) ? [...source] : [...row]));
}

export function setGridHour(
  grid: PowerGrid,
  row: number,
  hour: number,
  profile: number,
): PowerGrid {
  return grid.map((hours, r) =>
    r === row ? hours.map((p, h) => (h === hour ? profile : p)) : [...hours],
  );
}

/** Spec 2 §4: the seven default slots, each day starting on profile 0. */
export function defaultPowerSlots(): PowerSlot[] {
  return Array.from({ length: DAYS_PER_WEEK }, (_, day) => ({ m: day * MINUTES_PER_DAY, i: 0 }));
}

/** Display row and hour highlighted as "now" (weekday w, 0 Sunday, in the home's time zone). */
export function currentGridCell(
  time: { w: number; h: number },
  lang: string,
): { row: number; hour: number } {
  return { row: weekDayOrder(lang).indexOf(time.w as WeekDay), hour: time.h };
}
