import { PROG_DAY_KEYS, PROG_SLOTS_HALF_HOURLY, PROG_SLOTS_HOURLY } from '@hearth/protocol';
import type { DeviceClock } from '@hearth/protocol';

/** Seven days, index 0 = Sunday, of 24 or 48 slot values (0 ice, 1 eco, 2 comfort). */
export type WeekProg = number[][];

function hourly(comfortHours: Array<[number, number]>): number[] {
  return Array.from({ length: PROG_SLOTS_HOURLY }, (_, h) =>
    comfortHours.some(([from, to]) => h >= from && h < to) ? 2 : 1,
  );
}

/** Comfort mornings and evenings on weekdays, long comfort days at the weekend. */
export function defaultProg(): WeekProg {
  const weekday = hourly([
    [7, 9],
    [17, 23],
  ]);
  const weekend = hourly([[8, 23]]);
  return [weekend, weekday, weekday, weekday, weekday, weekday, weekend].map((d) => [...d]);
}

export function slotsPerDay(prog: WeekProg): number {
  return prog[0]?.length ?? PROG_SLOTS_HOURLY;
}

/** The slot value in force at a local device time. */
export function slotAt(prog: WeekProg, t: Pick<DeviceClock, 'w' | 'h' | 'm'>): number {
  const day = prog[t.w] ?? [];
  const index = day.length === PROG_SLOTS_HALF_HOURLY ? t.h * 2 + (t.m >= 30 ? 1 : 0) : t.h;
  return day[index] ?? 1;
}

/** Hourly keeps every other half-hour entry; half-hourly duplicates each hour (spec 3 §4). */
export function changeResolution(prog: WeekProg, slots: number): WeekProg {
  if (slotsPerDay(prog) === slots) return prog.map((d) => [...d]);
  if (slots === PROG_SLOTS_HALF_HOURLY) return prog.map((d) => d.flatMap((v) => [v, v]));
  return prog.map((d) => d.filter((_, i) => i % 2 === 0));
}

export function progToWire(prog: WeekProg): Record<string, number[]> {
  return Object.fromEntries(PROG_DAY_KEYS.map((k, i) => [k, [...(prog[i] ?? [])]]));
}

export function progFromWire(prog: Record<string, number[]>): WeekProg {
  return PROG_DAY_KEYS.map((k) => [...(prog[k] ?? [])]);
}

/** prog_resol of setup: 0 hourly, 1 half-hourly (spec 3 §9 schedule methods). */
export function progResol(prog: WeekProg): 0 | 1 {
  return slotsPerDay(prog) === PROG_SLOTS_HALF_HOURLY ? 1 : 0;
}
