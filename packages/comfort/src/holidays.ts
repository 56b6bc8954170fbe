import { deviceClockAt, zonedWallToMs } from '@hearth/protocol';

/**
 * The programme resolver: what a room should be at an instant, given the weekly programme,
 * the home's holidays and one-off days, in the home's time zone. Holidays and one-off days
 * are written in local wall time (as the owner typed them), so a return "Sunday 18:00" stays
 * 18:00 on the day the clocks change.
 */

/** Seven days, index 0 = Sunday, of 24 or 48 slot values (0 anti-frost, 1 eco, 2 comfort). */
export type WeekProgramme = readonly (readonly number[])[];

export interface SlotTemperatures {
  comfortC: number;
  ecoC: number;
  iceC: number;
}

/** A date range that replaces the weekly programme, ending at the return time. */
export interface Holiday {
  /** Local wall time, `YYYY-MM-DDTHH:mm`. */
  from: string;
  /** The return time, local wall time; the programme (or optimum start) takes over from here. */
  to: string;
  /** Room ids it applies to; absent for the whole home. */
  rooms?: readonly string[];
  /** Hold this temperature while away… */
  awayC?: number;
  /** …or run this weekday's programme (0 = Sunday) every day of the range. */
  useDay?: number;
}

/** One day run with another weekday's programme ("Tuesday is a holiday: use Sunday"). */
export interface OneOffDay {
  /** Local date, `YYYY-MM-DD`. */
  date: string;
  useDay: number;
  rooms?: readonly string[];
}

export interface ProgrammeInput {
  programme: WeekProgramme;
  temperatures: SlotTemperatures;
  timeZone: string;
  holidays?: readonly Holiday[];
  oneOffs?: readonly OneOffDay[];
}

export type TargetSource = 'programme' | 'holiday' | 'one-off';

export interface ResolvedTarget {
  targetC: number;
  /** The programme slot behind it; null while a holiday holds its away temperature. */
  slot: number | null;
  source: TargetSource;
}

export interface Rise {
  atMs: number;
  fromC: number;
  toC: number;
  source: TargetSource;
}

export interface ProgrammeResolver {
  targetAt(roomId: string, ms: number): ResolvedTarget;
  /** The first instant after `fromMs` (within `horizonMs`) at which the target goes up. */
  nextRise(roomId: string, fromMs: number, horizonMs?: number): Rise | null;
}

interface ParsedHoliday {
  fromMs: number;
  toMs: number;
  rooms: ReadonlySet<string> | null;
  awayC: number | null;
  useDay: number | null;
}

const STEP_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function wallToMs(text: string, timeZone: string, what: string): number {
  const m = WALL_TIME.exec(text);
  const [y, n, d, h, min] = (m ?? []).slice(1).map(Number);
  if (
    !m ||
    y === undefined ||
    n === undefined ||
    d === undefined ||
    h === undefined ||
    min === undefined
  ) {
    throw new Error(`${what}: expected a local time as YYYY-MM-DDTHH:mm, got "${text}"`);
  }
  const check = new Date(Date.UTC(y, n - 1, d, h, min));
  if (check.getUTCMonth() !== n - 1 || check.getUTCDate() !== d || h > 23 || min > 59) {
    throw new Error(`${what}: "${text}" is not a real date and time`);
  }
  return zonedWallToMs({ y, n, d, h, m: min }, timeZone);
}

function checkWeekday(day: number, what: string): void {
  if (!Number.isInteger(day) || day < 0 || day > 6) {
    throw new Error(`${what}: useDay must be a weekday 0 (Sunday) to 6, got ${day}`);
  }
}

function checkProgramme(programme: WeekProgramme): void {
  if (programme.length !== 7)
    throw new Error(`programme: expected 7 days, got ${programme.length}`);
  const length = programme[0]?.length;
  for (const day of programme) {
    if ((day.length !== 24 && day.length !== 48) || day.length !== length) {
      throw new Error('programme: every day needs the same 24 or 48 slots');
    }
    if (day.some((v) => v !== 0 && v !== 1 && v !== 2)) {
      throw new Error('programme: slot values are 0 (anti-frost), 1 (eco) or 2 (comfort)');
    }
  }
}

/** Checks the input (throwing a clear error on the first fault) and answers from it. */
export function programmeResolver(input: ProgrammeInput): ProgrammeResolver {
  const { programme, temperatures, timeZone } = input;
  try {
    deviceClockAt(0, timeZone);
  } catch {
    throw new Error(`time zone "${timeZone}" is not known`);
  }
  checkProgramme(programme);
  const holidays: ParsedHoliday[] = (input.holidays ?? []).map((h, i) => {
    const what = `holiday ${i + 1}`;
    const fromMs = wallToMs(h.from, timeZone, what);
    const toMs = wallToMs(h.to, timeZone, what);
    if (toMs <= fromMs) throw new Error(`${what}: the return time must come after the start`);
    if ((h.awayC === undefined) === (h.useDay === undefined)) {
      throw new Error(`${what}: give either an away temperature or a weekday profile`);
    }
    if (h.awayC !== undefined && !(h.awayC >= 5 && h.awayC <= 30)) {
      throw new Error(`${what}: away temperature must be 5–30 °C, got ${h.awayC}`);
    }
    if (h.useDay !== undefined) checkWeekday(h.useDay, what);
    return {
      fromMs,
      toMs,
      rooms: h.rooms ? new Set(h.rooms) : null,
      awayC: h.awayC ?? null,
      useDay: h.useDay ?? null,
    };
  });
  const oneOffs = (input.oneOffs ?? []).map((o, i) => {
    const what = `one-off day ${i + 1}`;
    if (!DATE.test(o.date))
      throw new Error(`${what}: expected a date as YYYY-MM-DD, got "${o.date}"`);
    wallToMs(`${o.date}T00:00`, timeZone, what);
    checkWeekday(o.useDay, what);
    return { date: o.date, useDay: o.useDay, rooms: o.rooms ? new Set(o.rooms) : null };
  });
  const slotTemp = (slot: number): number =>
    slot === 2 ? temperatures.comfortC : slot === 1 ? temperatures.ecoC : temperatures.iceC;
  const boundaries = holidays.flatMap((h) => [h.fromMs, h.toMs]);

  function targetAt(roomId: string, ms: number): ResolvedTarget {
    const t = deviceClockAt(ms, timeZone);
    const applies = (rooms: ReadonlySet<string> | null): boolean =>
      rooms === null || rooms.has(roomId);
    const holiday = holidays.find((h) => ms >= h.fromMs && ms < h.toMs && applies(h.rooms));
    if (holiday?.awayC != null) return { targetC: holiday.awayC, slot: null, source: 'holiday' };
    const date = `${t.y}-${String(t.n).padStart(2, '0')}-${String(t.d).padStart(2, '0')}`;
    const oneOff = oneOffs.find((o) => o.date === date && applies(o.rooms));
    const weekday = holiday?.useDay ?? oneOff?.useDay ?? t.w;
    const day = programme[weekday] ?? [];
    const slot = day[day.length === 48 ? t.h * 2 + (t.m >= 30 ? 1 : 0) : t.h] ?? 1;
    const source: TargetSource = holiday ? 'holiday' : oneOff ? 'one-off' : 'programme';
    return { targetC: slotTemp(slot), slot, source };
  }

  function nextRise(roomId: string, fromMs: number, horizonMs: number = DAY_MS): Rise | null {
    const end = fromMs + horizonMs;
    const candidates = boundaries.filter((b) => b > fromMs && b <= end);
    for (let b = Math.floor(fromMs / STEP_MS) * STEP_MS + STEP_MS; b <= end; b += STEP_MS) {
      candidates.push(b);
    }
    candidates.sort((a, b) => a - b);
    let before = targetAt(roomId, fromMs);
    for (const at of candidates) {
      const now = targetAt(roomId, at);
      if (now.targetC > before.targetC) {
        return { atMs: at, fromC: before.targetC, toC: now.targetC, source: now.source };
      }
      before = now;
    }
    return null;
  }

  return { targetAt, nextRise };
}
