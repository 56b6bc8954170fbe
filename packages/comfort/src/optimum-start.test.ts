import { describe, expect, it } from 'vitest';
import { OPTIMUM_START_MAX_LEAD_MS } from './constants';
import { explainLearned, explainWarmup, formatDecisionEn, formatLearnedEn } from './explain';
import {
  emptyOptimumStart,
  optimumStartStep,
  type OptimumStartState,
  type Warmup,
} from './optimum-start';

const MIN = 60_000;
const TZ = 'Europe/Paris';

/**
 * A toy room: 17 °C overnight; heating toward 21 °C it does nothing for `lagMin`, then climbs
 * at `rate(outdoor)` K/h. One morning a day, the rise at 07:00 Paris time (06:00 UTC in March).
 */
function mornings(
  days: number,
  lagMin: number,
  rate: (outdoorC: number) => number,
  outdoor: (day: number) => number,
  state: OptimumStartState = emptyOptimumStart(),
  startC = 17,
  firstDay = 0,
): { state: OptimumStartState; warmups: Warmup[] } {
  const warmups: Warmup[] = [];
  let s = state;
  for (let day = 0; day < days; day += 1) {
    const riseAtMs = Date.UTC(2027, 2, 1 + firstDay + day, 6);
    const outdoorC = outdoor(day);
    let roomC = startC;
    let heatingSince: number | null = null;
    for (let ms = riseAtMs - 4 * 60 * MIN; ms < riseAtMs + 4 * 60 * MIN; ms += MIN) {
      const step = optimumStartStep(s, {
        nowMs: ms,
        roomC,
        outdoorC,
        rise: { atMs: riseAtMs, toC: 21 },
      });
      s = step.state;
      if (step.output.event?.kind === 'finished') warmups.push(step.output.event.warmup);
      const heat = step.output.preheatC !== null || ms >= riseAtMs;
      if (heat && heatingSince === null) heatingSince = ms;
      if (heatingSince !== null && ms - heatingSince >= lagMin * MIN)
        roomC = Math.min(21, roomC + rate(outdoorC) / 60);
    }
  }
  return { state: s, warmups };
}

const lateness = (w: Warmup): number => ((w.reachedMs ?? Infinity) - w.riseAtMs) / MIN;

describe('optimum start', () => {
  it('starts a fixed hour early while learning, then arrives on time', () => {
    const rate = (out: number) => 2 + 0.1 * out;
    const { warmups } = mornings(12, 20, rate, (d) => [0, 6, -3, 4, 8, -2][d % 6] ?? 0);
    expect(warmups).toHaveLength(12);
    expect(warmups.slice(0, 2).map((w) => w.basis)).toEqual(['fixed', 'fixed']);
    expect((warmups[0]?.riseAtMs ?? 0) - (warmups[0]?.startedMs ?? 0)).toBe(60 * MIN);
    expect(lateness(warmups[0] as Warmup)).toBeGreaterThan(30);
    for (const w of warmups.slice(7)) {
      expect(w.basis).toBe('learned');
      expect(Math.abs(lateness(w))).toBeLessThanOrEqual(10);
    }
  });

  it('tells the dead time from the rate, so a larger gap (a return from holiday) is on time', () => {
    // Every morning climbs from 17 °C; the last one from 14 °C, as after a holiday away.
    const { state } = mornings(
      10,
      40,
      () => 3,
      () => 3,
    );
    const { warmups } = mornings(
      1,
      40,
      () => 3,
      () => 3,
      state,
      14,
      10,
    );
    const back = warmups[0] as Warmup;
    expect(back.basis).toBe('learned');
    expect(Math.abs(lateness(back))).toBeLessThanOrEqual(10);
  });

  it('never starts more than 3 h early, however slow the room', () => {
    const { warmups } = mornings(
      6,
      30,
      () => 0.6,
      () => 0,
    );
    const last = warmups[warmups.length - 1] as Warmup;
    expect(last.basis).toBe('capped');
    expect(last.riseAtMs - last.startedMs).toBe(OPTIMUM_START_MAX_LEAD_MS);
  });

  it('explains what it learned and each decision', () => {
    const fresh = explainLearned(emptyOptimumStart(), 5);
    expect(formatLearnedEn(fresh)).toBe(
      'Still learning (0 of 2 warm-ups seen): starts 60 min early meanwhile',
    );
    const { state, warmups } = mornings(
      10,
      0,
      () => 1.5,
      () => 5,
    );
    const learned = explainLearned(state, 5);
    expect(learned.kind).toBe('learned');
    if (learned.kind === 'learned') expect(learned.rateKPerH).toBeCloseTo(1.5, 0);
    expect(formatLearnedEn(learned)).toMatch(/^Warms about 1\.\d °C an hour at 5\.0 °C outside/);
    const last = warmups[warmups.length - 1] as Warmup;
    const text = formatDecisionEn(explainWarmup(last), TZ);
    expect(text).toMatch(/^Started 0[45]:\d\d to reach 21\.0 °C by 07:00; reached 0[67]:\d\d/);
  });

  it('does nothing for a room already warm, and refuses readings that are not numbers', () => {
    const s = emptyOptimumStart();
    const rise = { atMs: Date.UTC(2027, 2, 1, 6), toC: 21 };
    const warm = optimumStartStep(s, {
      nowMs: rise.atMs - 30 * MIN,
      roomC: 20.8,
      outdoorC: 0,
      rise,
    });
    expect(warm.output).toEqual({ preheatC: null, event: null });
    expect(() => optimumStartStep(s, { nowMs: 0, roomC: Number.NaN, outdoorC: 0, rise })).toThrow(
      /finite/,
    );
  });
});
