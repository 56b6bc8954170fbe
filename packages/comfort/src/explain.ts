import { deviceClockAt } from '@hearth/protocol';
import { OPTIMUM_START_FIXED_LEAD_MS, OPTIMUM_START_MIN_EPISODES } from './constants';
import type { OptimumStartState, Warmup } from './optimum-start';
import { fitWarmup, predictHours, rateKPerH } from './warmup-model';

/**
 * Explanations of optimum start as structured data (the app translates them) and an English
 * formatter for logs, the bench and tests.
 */
export type LearnedExplanation =
  | { kind: 'learning'; warmupsSeen: number; warmupsNeeded: number; fixedLeadMin: number }
  | {
      kind: 'learned';
      warmupsSeen: number;
      /** Kelvin an hour once going, at `atOutdoorC` outside. */
      rateKPerH: number;
      atOutdoorC: number;
      /** Minutes the heater takes to get going. */
      lagMin: number;
      /** Minutes a 4 K climb takes at `atOutdoorC` outside, lag included. */
      fourKelvinMin: number;
    };

export interface DecisionExplanation {
  startedMs: number;
  riseAtMs: number;
  targetC: number;
  basis: Warmup['basis'];
  reachedMs: number | null;
  /** Minutes late (negative: early) at comfort; null while not reached. */
  latenessMin: number | null;
}

/** What the room has taught, quoted at `atOutdoorC` (the outdoor temperature now, say). */
export function explainLearned(state: OptimumStartState, atOutdoorC: number): LearnedExplanation {
  const seen = state.model.episodes;
  if (seen < OPTIMUM_START_MIN_EPISODES) {
    return {
      kind: 'learning',
      warmupsSeen: seen,
      warmupsNeeded: OPTIMUM_START_MIN_EPISODES,
      fixedLeadMin: OPTIMUM_START_FIXED_LEAD_MS / 60_000,
    };
  }
  const fit = fitWarmup(state.model);
  return {
    kind: 'learned',
    warmupsSeen: seen,
    rateKPerH: rateKPerH(fit, atOutdoorC),
    atOutdoorC,
    lagMin: Math.max(0, fit.lagH * 60),
    fourKelvinMin: predictHours(fit, 4, atOutdoorC) * 60,
  };
}

export function explainWarmup(w: Warmup): DecisionExplanation {
  return {
    startedMs: w.startedMs,
    riseAtMs: w.riseAtMs,
    targetC: w.targetC,
    basis: w.basis,
    reachedMs: w.reachedMs,
    latenessMin: w.reachedMs === null ? null : Math.round((w.reachedMs - w.riseAtMs) / 60_000),
  };
}

const one = (v: number): string => v.toFixed(1);

function hhmm(ms: number, timeZone: string): string {
  const t = deviceClockAt(ms, timeZone);
  return `${String(t.h).padStart(2, '0')}:${String(t.m).padStart(2, '0')}`;
}

export function formatLearnedEn(e: LearnedExplanation): string {
  if (e.kind === 'learning') {
    return `Still learning (${e.warmupsSeen} of ${e.warmupsNeeded} warm-ups seen): starts ${e.fixedLeadMin} min early meanwhile`;
  }
  return `Warms about ${one(e.rateKPerH)} °C an hour at ${one(e.atOutdoorC)} °C outside, after ${Math.round(e.lagMin)} min to get going (learned from ${e.warmupsSeen} warm-ups)`;
}

export function formatDecisionEn(e: DecisionExplanation, timeZone: string): string {
  const basis =
    e.basis === 'fixed'
      ? ' (fixed lead while learning)'
      : e.basis === 'capped'
        ? ' (3 h at most)'
        : '';
  const head = `Started ${hhmm(e.startedMs, timeZone)}${basis} to reach ${one(e.targetC)} °C by ${hhmm(e.riseAtMs, timeZone)}`;
  if (e.reachedMs === null) return `${head}; not reached yet`;
  const late = e.latenessMin ?? 0;
  const how = late > 0 ? ` (${late} min late)` : '';
  return `${head}; reached ${hhmm(e.reachedMs, timeZone)}${how}`;
}
