// One simulated room over a run, in one of three modes, for `npm run bench:comfort`:
// `learned` (optimum start learning as it goes, window detection on), `oracle` (starts chosen
// by trying each warm-up ahead on a copy of the room: perfect knowledge) and `no-detection`
// (learned starts, window detection off). The room, its weather, windows and people come
// from the seed, so the three modes live exactly the same month.
import {
  COMFORT_REACHED_MARGIN_K,
  OPTIMUM_START_MAX_LEAD_MS,
  WindowDetector,
  emptyOptimumStart,
  optimumStartStep,
  type ProgrammeResolver,
  type Rise,
  type Warmup,
} from '@hearth/comfort';
import {
  ComfortRoom,
  type HeaterKind,
  type OutdoorTrace,
  type RoomLife,
} from '@hearth/device-model';

export type RunMode = 'learned' | 'oracle' | 'no-detection';

export const STEP_MS = 60_000;

export interface RoomRunSpec {
  kind: HeaterKind;
  seed: number;
  roomId: string;
  startMs: number;
  endMs: number;
  outdoor: OutdoorTrace;
  life: RoomLife;
  resolver: ProgrammeResolver;
  iceC: number;
}

export interface RiseOutcome {
  rise: Rise;
  /** Minutes after the rise the room was at comfort (negative: early); null if never. */
  latenessMin: number | null;
  /** Kelvin it had to climb when the rise came into the 3 h window. */
  gapK: number;
}

export interface RoomRun {
  rises: RiseOutcome[];
  warmups: Warmup[];
  /** Energy by the start of each day, in hours at full rating (index = day from the start). */
  energyByDay: number[];
  fullLoadHours: number;
  detections: number[];
  /** A description of what was learned, for the report. */
  state: ReturnType<typeof emptyOptimumStart>;
}

const DAY_MS = 86_400_000;

/** The latest start from which a copy of the room reaches comfort by the rise (perfect knowledge). */
function oracleStart(room: ComfortRoom, spec: RoomRunSpec, nowMs: number, rise: Rise): number {
  const reaches = (startMs: number): boolean => {
    const copy = room.clone();
    for (let ms = nowMs; ms < rise.atMs; ms += STEP_MS) {
      const open = spec.life.windowOpen(ms);
      const target = open
        ? spec.iceC
        : ms >= startMs
          ? rise.toC
          : spec.resolver.targetAt(spec.roomId, ms).targetC;
      copy.step(STEP_MS / 1000, {
        outdoorC: spec.outdoor.at(ms),
        targetC: target,
        windowOpen: open,
        people: spec.life.people(ms),
      });
    }
    return copy.roomC >= rise.toC - COMFORT_REACHED_MARGIN_K;
  };
  let lo = Math.max(nowMs, rise.atMs - OPTIMUM_START_MAX_LEAD_MS);
  let hi = rise.atMs;
  if (!reaches(lo)) return lo;
  // Latest start that still reaches, to the minute.
  while (hi - lo > STEP_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / STEP_MS) * STEP_MS;
    if (reaches(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

export function runRoom(spec: RoomRunSpec, mode: RunMode): RoomRun {
  const room = new ComfortRoom({ kind: spec.kind, seed: spec.seed, startC: 17 });
  const detector = new WindowDetector({ enabled: mode !== 'no-detection' });
  let state = emptyOptimumStart();
  const rises: RiseOutcome[] = [];
  const warmups: Warmup[] = [];
  const energyByDay: number[] = [];
  const detections: number[] = [];
  let rise: Rise | null = null;
  let riseCheckedMs = -Infinity;
  let pending: RiseOutcome | null = null;
  let oracle = null as { riseAtMs: number; startMs: number } | null;

  for (let ms = spec.startMs; ms < spec.endMs; ms += STEP_MS) {
    if ((ms - spec.startMs) % DAY_MS === 0) energyByDay.push(room.fullLoadHours);
    const outdoorC = spec.outdoor.at(ms);
    const windowOpen = spec.life.windowOpen(ms);
    const reading = room.reading();
    if (rise === null || ms >= rise.atMs || ms - riseCheckedMs >= 15 * 60_000) {
      rise = spec.resolver.nextRise(spec.roomId, ms, OPTIMUM_START_MAX_LEAD_MS + DAY_MS / 4);
      riseCheckedMs = ms;
    }
    // Each rise is judged on the true room temperature once it comes within 3 h.
    if (rise && rise.atMs - ms <= OPTIMUM_START_MAX_LEAD_MS && pending?.rise.atMs !== rise.atMs) {
      if (pending) rises.push(pending);
      pending = { rise, latenessMin: null, gapK: rise.toC - room.roomC };
    }
    if (
      pending &&
      pending.latenessMin === null &&
      room.roomC >= pending.rise.toC - COMFORT_REACHED_MARGIN_K
    ) {
      pending.latenessMin = (ms - pending.rise.atMs) / 60_000;
    }

    let preheatC: number | null = null;
    if (mode === 'oracle') {
      if (rise && rise.atMs - ms <= OPTIMUM_START_MAX_LEAD_MS && oracle?.riseAtMs !== rise.atMs) {
        oracle = { riseAtMs: rise.atMs, startMs: oracleStart(room, spec, ms, rise) };
      }
      if (oracle && ms >= oracle.startMs && ms < oracle.riseAtMs) preheatC = rise?.toC ?? null;
    } else {
      const step = optimumStartStep(state, {
        nowMs: ms,
        roomC: reading,
        outdoorC,
        rise,
        windowOpen: detector.current.hold,
      });
      state = step.state;
      preheatC = step.output.preheatC;
      if (step.output.event?.kind === 'finished') warmups.push(step.output.event.warmup);
    }

    const event = detector.observe({ ms, roomC: reading, outdoorC });
    if (event?.kind === 'opened') detections.push(ms);
    const programmeC = spec.resolver.targetAt(spec.roomId, ms).targetC;
    const hold = detector.current.hold;
    const targetC = hold ? spec.iceC : Math.max(programmeC, preheatC ?? -Infinity);
    room.step(STEP_MS / 1000, { outdoorC, targetC, windowOpen, people: spec.life.people(ms) });
  }
  if (pending) rises.push(pending);
  return { rises, warmups, energyByDay, fullLoadHours: room.fullLoadHours, detections, state };
}
