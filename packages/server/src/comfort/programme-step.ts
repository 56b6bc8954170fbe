import {
  COMFORT_REACHED_MARGIN_K,
  emptyOptimumStart,
  explainWarmup,
  formatDecisionEn,
  OPTIMUM_START_DEFAULT_OUTDOOR_C,
  OPTIMUM_START_MAX_LEAD_MS,
  optimumStartStep,
  programmeResolver,
  type Holiday,
  type OneOffDay,
  type OptimumStartState,
  type ProgrammeResolver,
  type Warmup,
  type WeekProgramme,
} from '@hearth/comfort';
import {
  deviceClockAt,
  PROG_DAY_KEYS,
  zonedWallToMs,
  type ComfortDecisionKind,
  type NodeStatusWrite,
} from '@hearth/protocol';

/**
 * Optimum start, holidays and one-off days for one room between reports (docs/comfort.md
 * "In the server"): pure, so whichever process ingests the next report carries on from the
 * stored JSON. What it asks is a temporary set point in auto (the device shows modified_auto
 * until its programme's next slot); when Hearth has nothing to add it gives the room back to
 * the device's own programme.
 */

/** Modes in which the room follows its weekly programme, the only ones this step writes in. */
const PROGRAMME_MODES = new Set(['auto', 'modified_auto']);
/** A set point asked for and not yet shown by the device is asked again after this long. */
export const PLAN_RESEND_MS = 5 * 60_000;
/** Temperatures closer than this are the same (reports carry one decimal). */
const SAME_K = 0.05;

/** What Hearth is asking of the room now, and since when it last sent it. */
export interface Assert {
  targetC: number;
  sentMs: number;
}
/** The holiday or one-off day in force for the room at the last step. */
export interface PlanSource {
  key: string;
  source: 'holiday' | 'one-off';
}
export interface StoredPlan {
  os: OptimumStartState | null;
  assert: Assert | null;
  active: PlanSource | null;
  /** The last outdoor temperature known for the home, °C (for the learned explanation). */
  outdoorC: number | null;
}

export interface StoredHoliday extends Holiday {
  id: string;
}
export interface StoredOneOff extends OneOffDay {
  id: string;
}

export interface PlanInput {
  nowMs: number;
  roomId: string;
  roomC: number;
  /** The status the device reported: mode, set point and slot temperatures, in its units. */
  status: Record<string, unknown>;
  /** The node's stored `prog` part (`{prog: {"0": [...], …}}`). */
  prog: Record<string, unknown> | null | undefined;
  timeZone: string;
  holidays: readonly StoredHoliday[];
  oneOffs: readonly StoredOneOff[];
  optimumStart: boolean;
  outdoorC: number | null;
  /** A window hold is on: nothing is written, and a warm-up under way is spoiled as a lesson. */
  windowHeld: boolean;
  /** Another write goes out in this step (a window's): this one waits for the next report. */
  noWrite?: boolean;
}

export interface PlanDecision {
  kind: ComfortDecisionKind;
  detail: Record<string, unknown>;
}

export interface PlanOutput {
  next: StoredPlan;
  write: NodeStatusWrite | undefined;
  decisions: PlanDecision[];
}

export function readStoredPlan(state: Record<string, unknown>): StoredPlan {
  const p = state.plan as Partial<StoredPlan> | undefined;
  const os = p?.os;
  const validOs =
    os &&
    typeof os === 'object' &&
    os.model &&
    Array.isArray(os.model.xx) &&
    Array.isArray(os.recent)
      ? os
      : null;
  const a = p?.assert;
  const act = p?.active;
  return {
    os: validOs,
    assert:
      a && Number.isFinite(a.targetC) && Number.isFinite(a.sentMs)
        ? { targetC: a.targetC, sentMs: a.sentMs }
        : null,
    active:
      act && typeof act.key === 'string' && (act.source === 'holiday' || act.source === 'one-off')
        ? { key: act.key, source: act.source }
        : null,
    outdoorC: typeof p?.outdoorC === 'number' ? p.outdoorC : null,
  };
}

/** A temperature of the node's units read as °C. */
export function toCelsius(value: unknown, units: unknown): number | undefined {
  const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return undefined;
  return units === 'F' ? ((n - 32) * 5) / 9 : n;
}

function fromCelsius(c: number, units: 'C' | 'F'): string {
  return (units === 'F' ? (c * 9) / 5 + 32 : c).toFixed(1);
}

/** The node's weekly programme, Sunday first, or undefined when it has none usable. */
export function weekOf(
  prog: Record<string, unknown> | null | undefined,
): WeekProgramme | undefined {
  const days = (prog?.prog ?? undefined) as Record<string, unknown> | undefined;
  if (!days || typeof days !== 'object') return undefined;
  const week = PROG_DAY_KEYS.map((k) => days[k]);
  if (!week.every((d) => Array.isArray(d) && d.every((v) => v === 0 || v === 1 || v === 2)))
    return undefined;
  return week as number[][];
}

/** The programme's three temperatures, °C, from the status the device reports. */
function slotTemperatures(status: Record<string, unknown>) {
  const c = (k: string) => toCelsius(status[k], status.units);
  const comfortC = c('comf_temp');
  const ecoC = c('eco_temp');
  const iceC = c('ice_temp');
  if (comfortC === undefined || ecoC === undefined || iceC === undefined) return undefined;
  return { comfortC, ecoC, iceC };
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** The holiday or one-off day in force for the room at `ms` (a holiday beats a one-off day). */
function activeSource(
  input: Pick<PlanInput, 'holidays' | 'oneOffs' | 'roomId' | 'timeZone'>,
  ms: number,
): { plan: PlanSource; holiday?: StoredHoliday; oneOff?: StoredOneOff } | null {
  const applies = (rooms?: readonly string[]) => !rooms || rooms.includes(input.roomId);
  const wall = (text: string) => {
    const [d = '', t = ''] = text.split('T');
    const [y, n, day] = d.split('-').map(Number);
    const [h, m] = t.split(':').map(Number);
    return zonedWallToMs(
      { y: y ?? 0, n: n ?? 1, d: day ?? 1, h: h ?? 0, m: m ?? 0 },
      input.timeZone,
    );
  };
  const holiday = input.holidays.find(
    (h) => applies(h.rooms) && ms >= wall(h.from) && ms < wall(h.to),
  );
  if (holiday) return { plan: { key: holiday.id, source: 'holiday' }, holiday };
  const t = deviceClockAt(ms, input.timeZone);
  const date = `${t.y}-${String(t.n).padStart(2, '0')}-${String(t.d).padStart(2, '0')}`;
  const oneOff = input.oneOffs.find((o) => o.date === date && applies(o.rooms));
  return oneOff ? { plan: { key: `${oneOff.id}@${date}`, source: 'one-off' }, oneOff } : null;
}

function warmupDetail(w: Warmup, timeZone: string, outdoorKnown: boolean) {
  return {
    start_ms: w.startedMs,
    target_c: w.targetC,
    by_ms: w.riseAtMs,
    reached_ms: w.reachedMs,
    start_c: w.startC,
    outdoor_c: outdoorKnown ? w.outdoorC : null,
    basis: w.basis,
    learned: w.learned,
    text_en: formatDecisionEn(explainWarmup(w), timeZone),
  };
}

/**
 * One report of a room: steps optimum start toward the next rise of its programme (holidays
 * and one-off days included), and says what to ask of the device: the higher of the holiday's
 * or one-off day's target and the warm-up's, or nothing when the device's own programme gives
 * the same; the room is given back (`{mode: "auto"}`) once Hearth has nothing more to ask.
 */
export function planStep(stored: StoredPlan, input: PlanInput): PlanOutput {
  const { nowMs, roomId, roomC, status, timeZone } = input;
  const week = weekOf(input.prog);
  const temperatures = slotTemperatures(status);
  const next: StoredPlan = { ...stored, outdoorC: input.outdoorC ?? stored.outdoorC };
  const decisions: PlanDecision[] = [];
  if (!week || !temperatures) return { next, write: undefined, decisions };

  let full: ProgrammeResolver;
  let own: ProgrammeResolver;
  try {
    const base = { programme: week, temperatures, timeZone };
    full = programmeResolver({ ...base, holidays: input.holidays, oneOffs: input.oneOffs });
    own = programmeResolver(base);
  } catch {
    return { next, write: undefined, decisions };
  }
  const resolved = full.targetAt(roomId, nowMs);
  const ownC = own.targetAt(roomId, nowMs).targetC;

  // Optimum start, toward the next rise of the programme as holidays and one-offs change it.
  let preheatC: number | null = null;
  if (input.optimumStart) {
    const rise = full.nextRise(roomId, nowMs, OPTIMUM_START_MAX_LEAD_MS + 15 * 60_000);
    const outdoorC = input.outdoorC ?? OPTIMUM_START_DEFAULT_OUTDOOR_C;
    const { state, output } = optimumStartStep(stored.os ?? emptyOptimumStart(), {
      nowMs,
      roomC,
      outdoorC,
      rise: rise ? { atMs: rise.atMs, toC: rise.toC } : null,
      windowOpen: input.windowHeld,
    });
    next.os = state;
    preheatC = output.preheatC;
    const event = output.event;
    if (event) {
      const detail = warmupDetail(event.warmup, timeZone, input.outdoorC !== null);
      decisions.push({
        kind: event.kind === 'started' ? 'warmup-started' : 'warmup-finished',
        detail:
          event.kind === 'started'
            ? { ...detail, room_c: roomC, predicted_ms: event.warmup.predictedMs }
            : {
                ...detail,
                late_min:
                  event.warmup.reachedMs === null
                    ? null
                    : Math.round((event.warmup.reachedMs - event.warmup.riseAtMs) / 60_000),
              },
      });
    }
  } else if (stored.os?.active) {
    // Switched off during a warm-up: it is forgotten, not learned from.
    next.os = { ...stored.os, active: null };
  }

  // Holidays and one-off days: what replaces the programme now.
  const now = activeSource(input, nowMs);
  const planned = resolved.source === 'programme' ? null : resolved.targetC;
  const wanted = [planned, preheatC].filter((v): v is number => v !== null);
  let desired = wanted.length ? Math.max(...wanted) : null;
  const mode = typeof status.mode === 'string' ? status.mode : '';
  const units: 'C' | 'F' = status.units === 'F' ? 'F' : 'C';
  const stempC = toCelsius(status.stemp, status.units);
  // What the device does by itself needs no write.
  if (desired !== null && mode === 'auto' && Math.abs(desired - ownC) < SAME_K) desired = null;

  let write: NodeStatusWrite | undefined;
  if (!input.windowHeld && !input.noWrite && PROGRAMME_MODES.has(mode)) {
    if (desired !== null) {
      const shown = stempC !== undefined && Math.abs(stempC - desired) < SAME_K;
      const asked =
        stored.assert !== null &&
        Math.abs(stored.assert.targetC - desired) < SAME_K &&
        nowMs - stored.assert.sentMs < PLAN_RESEND_MS &&
        nowMs >= stored.assert.sentMs;
      if (shown) next.assert = { targetC: desired, sentMs: stored.assert?.sentMs ?? nowMs };
      else if (!asked) {
        write = { stemp: fromCelsius(desired, units), units };
        next.assert = { targetC: desired, sentMs: nowMs };
      }
    } else if (stored.assert !== null) {
      if (mode === 'modified_auto') write = { mode: 'auto' };
      next.assert = null;
    }
  } else if (desired === null) {
    next.assert = null;
  }

  // Decisions of holidays and one-off days, when the one in force changes.
  const before = stored.active;
  if (before && before.key !== now?.plan.key) {
    decisions.push({
      kind: 'holiday-ended',
      detail: {
        source: before.source,
        id: before.key.split('@')[0],
        target_c: round1(resolved.targetC),
        optimum_start: input.optimumStart,
        at_comfort: roomC >= resolved.targetC - COMFORT_REACHED_MARGIN_K,
        room_c: roomC,
        write: write ?? null,
      },
    });
  }
  if (now && now.plan.key !== before?.key) {
    const h = now.holiday;
    const o = now.oneOff;
    decisions.push({
      kind: 'holiday-started',
      detail: {
        source: now.plan.source,
        id: h?.id ?? o?.id ?? null,
        ...(h
          ? { from: h.from, to: h.to, away_c: h.awayC ?? null, use_day: h.useDay ?? null }
          : { date: o?.date ?? null, use_day: o?.useDay ?? null }),
        target_c: round1(resolved.targetC),
        mode,
        write: write ?? null,
      },
    });
  }
  next.active = now?.plan ?? null;
  return { next, write, decisions };
}
