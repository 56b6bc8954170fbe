import {
  COMFORT_REACHED_MARGIN_K,
  OPTIMUM_START_AIM_EARLY_MS,
  OPTIMUM_START_FIXED_LEAD_MS,
  OPTIMUM_START_GIVE_UP_MS,
  OPTIMUM_START_MAX_LEAD_MS,
  OPTIMUM_START_MIN_EPISODES,
  OPTIMUM_START_MIN_GAP_K,
} from './constants';
import {
  emptyWarmupModel,
  fitWarmup,
  learnWarmup,
  predictHours,
  type WarmupModelState,
} from './warmup-model';

/**
 * Optimum start for one room: called on every reading, it decides when to begin heating toward
 * the next programmed rise so the room is at comfort (target − COMFORT_REACHED_MARGIN_K) on
 * time, and learns from each warm-up how long the next will take (warmup-model.ts). Never more
 * than OPTIMUM_START_MAX_LEAD_MS early; a fixed lead while it has seen too few warm-ups.
 */
export interface OptimumStartInput {
  nowMs: number;
  /** The room temperature the device reports. */
  roomC: number;
  outdoorC: number;
  /** The next programmed rise (from the programme resolver), or null. */
  rise: { atMs: number; toC: number } | null;
  /** An open window spoils a warm-up as a lesson. */
  windowOpen?: boolean;
}

export type StartBasis = 'learned' | 'fixed' | 'capped';

/** One warm-up as decided and, once over, as it went. */
export interface Warmup {
  startedMs: number;
  riseAtMs: number;
  targetC: number;
  startC: number;
  outdoorC: number;
  basis: StartBasis;
  /** The start the decision aimed for (before the cap), and the warm-up it predicted. */
  predictedMs: number;
  /** When the room reached target − margin; null while it has not (or never did). */
  reachedMs: number | null;
  /** Whether it taught the model (false with a small gap or an open window). */
  learned: boolean;
}

export interface OptimumStartState {
  model: WarmupModelState;
  /** The warm-up under way; `halfwayMs` is when it had climbed half its gap. */
  active: (Warmup & { spoiled: boolean; halfwayMs: number | null }) | null;
  /** The last warm-ups, newest last (at most RECENT_WARMUPS). */
  recent: Warmup[];
  /** The rise the last warm-up was for: comfort is held until it, and it is not warmed up for twice. */
  lastRise: { atMs: number; targetC: number } | null;
}

export type OptimumStartEvent =
  { kind: 'started'; warmup: Warmup } | { kind: 'finished'; warmup: Warmup };

export interface OptimumStartOutput {
  /** Heat toward this target now, ahead of the programme; null to follow the programme. */
  preheatC: number | null;
  event: OptimumStartEvent | null;
}

const RECENT_WARMUPS = 14;

export function emptyOptimumStart(): OptimumStartState {
  return { model: emptyWarmupModel(), active: null, recent: [], lastRise: null };
}

/** How long a warm-up from `roomC` to `toC` should take, and on what basis. */
export function plannedLeadMs(
  state: OptimumStartState,
  roomC: number,
  toC: number,
  outdoorC: number,
): { leadMs: number; basis: 'learned' | 'fixed' } {
  const gapK = toC - COMFORT_REACHED_MARGIN_K - roomC;
  if (state.model.episodes < OPTIMUM_START_MIN_EPISODES) {
    return { leadMs: OPTIMUM_START_FIXED_LEAD_MS, basis: 'fixed' };
  }
  const hours = predictHours(fitWarmup(state.model), gapK, outdoorC);
  return { leadMs: hours * 3_600_000 + OPTIMUM_START_AIM_EARLY_MS, basis: 'learned' };
}

/**
 * Closes the warm-up and learns from it: how long the climb to comfort took or, for one given up
 * on, how far it got in the time it had (a slow room still teaches how slow it is).
 */
function finish(
  state: OptimumStartState,
  nowMs: number,
  roomC: number,
  reached: boolean,
): OptimumStartState {
  const active = state.active;
  if (!active) return state;
  const { spoiled, halfwayMs, ...warmup } = active;
  const climbedK = reached
    ? warmup.targetC - COMFORT_REACHED_MARGIN_K - warmup.startC
    : roomC - warmup.startC;
  const learned = !spoiled && climbedK >= OPTIMUM_START_MIN_GAP_K - COMFORT_REACHED_MARGIN_K;
  const done: Warmup = { ...warmup, reachedMs: reached ? nowMs : null, learned };
  const hours = (nowMs - warmup.startedMs) / 3_600_000;
  // The halfway point is a second, shorter climb from the same start: with it the dead time and
  // the rate can be told apart even when every morning has the same gap.
  const halfway =
    learned && reached && halfwayMs !== null
      ? learnWarmup(
          state.model,
          climbedK / 2,
          warmup.outdoorC,
          (halfwayMs - warmup.startedMs) / 3_600_000,
        )
      : state.model;
  const model = learned
    ? {
        ...learnWarmup(halfway, climbedK, warmup.outdoorC, hours),
        episodes: state.model.episodes + 1,
      }
    : state.model;
  return {
    model,
    active: null,
    recent: [...state.recent, done].slice(-RECENT_WARMUPS),
    lastRise: { atMs: warmup.riseAtMs, targetC: warmup.targetC },
  };
}

/** One step: the new state and what to do. Pure: the state passed in is not changed. */
export function optimumStartStep(
  state: OptimumStartState,
  input: OptimumStartInput,
): { state: OptimumStartState; output: OptimumStartOutput } {
  const { nowMs, roomC, outdoorC, rise } = input;
  if (![nowMs, roomC, outdoorC].every(Number.isFinite)) {
    throw new Error('optimum start: time, room and outdoor temperature must be finite numbers');
  }
  const active = state.active;
  if (active) {
    const spoiled = active.spoiled || input.windowOpen === true;
    if (roomC >= active.targetC - COMFORT_REACHED_MARGIN_K) {
      const next = finish({ ...state, active: { ...active, spoiled } }, nowMs, roomC, true);
      const warmup = next.recent[next.recent.length - 1] as Warmup;
      const preheatC = nowMs < active.riseAtMs ? active.targetC : null;
      return { state: next, output: { preheatC, event: { kind: 'finished', warmup } } };
    }
    if (nowMs >= active.riseAtMs + OPTIMUM_START_GIVE_UP_MS) {
      const next = finish(state, nowMs, roomC, false);
      const warmup = next.recent[next.recent.length - 1] as Warmup;
      return { state: next, output: { preheatC: null, event: { kind: 'finished', warmup } } };
    }
    const halfGapK = (active.targetC - COMFORT_REACHED_MARGIN_K - active.startC) / 2;
    const halfwayMs = active.halfwayMs ?? (roomC >= active.startC + halfGapK ? nowMs : null);
    const keep =
      spoiled === active.spoiled && halfwayMs === active.halfwayMs
        ? state
        : { ...state, active: { ...active, spoiled, halfwayMs } };
    return {
      state: keep,
      output: { preheatC: nowMs < active.riseAtMs ? active.targetC : null, event: null },
    };
  }
  const last = state.lastRise;
  // Arrived early: comfort is held until the programme takes over at the rise.
  if (last && nowMs < last.atMs) return { state, output: { preheatC: last.targetC, event: null } };
  if (!rise || rise.atMs <= nowMs || rise.atMs - nowMs > OPTIMUM_START_MAX_LEAD_MS) {
    return { state, output: { preheatC: null, event: null } };
  }
  if (roomC >= rise.toC - COMFORT_REACHED_MARGIN_K)
    return { state, output: { preheatC: null, event: null } };
  const { leadMs, basis } = plannedLeadMs(state, roomC, rise.toC, outdoorC);
  const predictedMs = rise.atMs - leadMs;
  if (nowMs < predictedMs) return { state, output: { preheatC: null, event: null } };
  const capped = predictedMs < rise.atMs - OPTIMUM_START_MAX_LEAD_MS;
  const warmup: Warmup = {
    startedMs: nowMs,
    riseAtMs: rise.atMs,
    targetC: rise.toC,
    startC: roomC,
    outdoorC,
    basis: capped ? 'capped' : basis,
    predictedMs,
    reachedMs: null,
    learned: false,
  };
  return {
    state: { ...state, active: { ...warmup, spoiled: input.windowOpen === true, halfwayMs: null } },
    output: { preheatC: rise.toC, event: { kind: 'started', warmup } },
  };
}
