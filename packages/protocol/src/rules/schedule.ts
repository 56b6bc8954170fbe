import type { TemperatureUnits } from '../node-types';
import {
  PROG_DAY_KEYS,
  PROG_SLOTS_HALF_HOURLY,
  PROG_SLOTS_HOURLY,
  type ProgDayKey,
} from '../modes';
import type { Prog } from '../wire';
import { SCHEDULE_METHOD_HALF_HOUR, SCHEDULE_METHOD_HOUR } from './constants';
import {
  clampTemperature,
  nudgeValue,
  roundToStep,
  stepFor,
  type NudgeDirection,
  type NudgeResult,
} from './temperature';

export type ScheduleResolution = 'hour' | 'half_hour';

export function slotsPerDay(resolution: ScheduleResolution): number {
  return resolution === 'hour' ? PROG_SLOTS_HOURLY : PROG_SLOTS_HALF_HOURLY;
}

export function slotMinutes(resolution: ScheduleResolution): number {
  return resolution === 'hour' ? 60 : 30;
}

export function progResolution(prog: Prog): ScheduleResolution {
  return prog['0'].length === PROG_SLOTS_HALF_HOURLY ? 'half_hour' : 'hour';
}

/**
 * The slots per day a node's setup asks of its weekly programme: its schedule method
 * (`prog_resol`, or `prog_resolution` on some gateways; spec 3 §3, §9) 0 is 60 min (24 slots)
 * and 1 is 30 min (48). Undefined when the setup names no method.
 */
export function setupSlotsPerDay(
  setup: Readonly<Record<string, unknown>> | null | undefined,
): number | undefined {
  const raw = setup?.prog_resol ?? setup?.prog_resolution;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const method = Number(raw);
  if (method === SCHEDULE_METHOD_HOUR) return slotsPerDay('hour');
  if (method === SCHEDULE_METHOD_HALF_HOUR) return slotsPerDay('half_hour');
  return undefined;
}

function mapDays(prog: Prog, f: (day: number[], key: ProgDayKey) => number[]): Prog {
  const out = {} as Prog;
  for (const key of PROG_DAY_KEYS) out[key] = f(prog[key], key);
  return out;
}

/** Spec 3 §4: switching to hourly keeps every other half-hour entry (the one starting each hour). */
export function toHourly(prog: Prog): Prog {
  return mapDays(prog, (day) =>
    day.length === PROG_SLOTS_HALF_HOURLY ? day.filter((_, i) => i % 2 === 0) : [...day],
  );
}

/** Spec 3 §4: switching to half-hourly duplicates each hour entry. */
export function toHalfHourly(prog: Prog): Prog {
  return mapDays(prog, (day) =>
    day.length === PROG_SLOTS_HOURLY ? day.flatMap((v) => [v, v]) : [...day],
  );
}

export function withResolution(prog: Prog, resolution: ScheduleResolution): Prog {
  return resolution === 'hour' ? toHourly(prog) : toHalfHourly(prog);
}

/** Spec 3 §4 copy day: the source day is copied to the chosen days; the source itself is never a target. */
export function copyDay(prog: Prog, from: number, toDays: readonly number[]): Prog {
  const source = prog[PROG_DAY_KEYS[from] as ProgDayKey];
  return mapDays(prog, (day, key) =>
    Number(key) !== from && toDays.includes(Number(key)) ? [...source] : [...day],
  );
}

/** Sets one slot value, leaving the original untouched. */
export function setSlot(prog: Prog, day: number, index: number, value: number): Prog {
  return mapDays(prog, (d, key) =>
    Number(key) === day ? d.map((v, i) => (i === index ? value : v)) : [...d],
  );
}

/** Index of the slot holding a time of day. */
export function slotIndexAt(
  time: { h: number; m: number },
  resolution: ScheduleResolution,
): number {
  return resolution === 'hour' ? time.h : time.h * 2 + (time.m >= 30 ? 1 : 0);
}

/** The programme's slot value at a device time (weekday w, 0 Sunday). */
export function slotValueAt(
  prog: Prog,
  time: { w: number; h: number; m: number },
): number | undefined {
  const day = prog[PROG_DAY_KEYS[time.w] as ProgDayKey];
  const resolution = day.length === PROG_SLOTS_HALF_HOURLY ? 'half_hour' : 'hour';
  return day[slotIndexAt(time, resolution)];
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** "HH:mm" at which a slot starts; the index one past the last slot reads "24:00" (end of day). */
export function slotTimeLabel(index: number, resolution: ScheduleResolution): string {
  const minutes = index * slotMinutes(resolution);
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

export type ScheduleProfileId = 'ice' | 'eco' | 'comfort';

/** Spec 3 §3: a schedule temperature entry. */
export interface ScheduleTemperatureEntry {
  id: ScheduleProfileId;
  value: number;
  min: number;
  max: number;
  editable: boolean;
}

/** Slot value of each profile on the wire (0 ice, 1 eco, 2 comfort). */
export const SCHEDULE_PROFILE_SLOT: Readonly<Record<ScheduleProfileId, number>> = {
  ice: 0,
  eco: 1,
  comfort: 2,
};

/** Spec 3 §5: the modal rounds to 0.5 °C / 1 °F and clamps to the profile's range; read-only profiles never change. */
export function setScheduleEntryValue(
  entry: ScheduleTemperatureEntry,
  value: number,
  units: TemperatureUnits,
): ScheduleTemperatureEntry {
  if (!entry.editable) return entry;
  return {
    ...entry,
    value: clampTemperature(roundToStep(value, stepFor(units)), entry.min, entry.max),
  };
}

export function nudgeScheduleEntry(
  entry: ScheduleTemperatureEntry,
  direction: NudgeDirection,
  units: TemperatureUnits,
): { entry: ScheduleTemperatureEntry; hitBound: boolean } {
  if (!entry.editable) return { entry, hitBound: false };
  const r: NudgeResult = nudgeValue(entry.value, direction, {
    min: entry.min,
    max: entry.max,
    step: stepFor(units),
  });
  return { entry: { ...entry, value: r.value }, hitBound: r.hitBound };
}
