/**
 * The exact planner for one storage heater on a slot grid: which slots to charge in so that
 * the energy wanted is stored at the least cost, when the heater may only be on in slots with
 * room under the home's limit and, once on, stays on for at least `minBlockSlots` slots.
 *
 * A dynamic programme over (slot, energy slots taken, whether the one part-filled slot is taken,
 * length of the current block). Each slot on is full (the element's rating for the whole slot),
 * the one partial slot (the energy left over), or on and idle (a block kept on to its minimum
 * length after the heater is full: it draws nothing). That is the optimum of the same problem
 * as a mixed-integer programme (see charge-plan.test.ts, which checks it against HiGHS).
 */
export interface SlotProblem {
  /** Price per kWh of each slot. */
  prices: readonly number[];
  /** Whether the heater may be on in each slot (room under the limit for its rating). */
  allowed: readonly boolean[];
  /** kWh one slot on at full rating stores. */
  slotKwh: number;
  /** kWh wanted. */
  neededKwh: number;
  minBlockSlots: number;
  /** Slots the heater has already been on in the block running now (0: off now). */
  runningSlots?: number;
}

export type SlotUse = 'off' | 'full' | 'partial' | 'idle';

export interface SlotSolution {
  use: SlotUse[];
  /** kWh stored in each slot. */
  kwh: number[];
  energyKwh: number;
  cost: number;
}

const EPS = 1e-9;

export function solveSlots(p: SlotProblem): SlotSolution {
  const T = p.prices.length;
  const k = Math.max(1, Math.floor(p.minBlockSlots));
  const e = p.slotKwh;
  if (!(e > 0)) throw new RangeError('a slot must store some energy (rating × slot length > 0)');
  const E = Math.max(0, p.neededKwh);
  const N = E <= EPS ? 0 : Math.ceil(E / e - EPS);
  const rem = N === 0 ? 0 : E - (N - 1) * e;
  const r0 = Math.min(k, Math.max(0, Math.floor(p.runningSlots ?? 0)));
  // State index: ((c * 2) + hp) * (k + 1) + r.
  const S = (N + 1) * 2 * (k + 1);
  const idx = (c: number, hp: number, r: number) => (c * 2 + hp) * (k + 1) + r;
  let cost = new Float64Array(S).fill(Infinity);
  cost[idx(0, 0, r0)] = 0;
  // back[t][state] = previous state * 4 + move (0 off, 1 full, 2 partial, 3 idle).
  const back: Int32Array[] = [];
  for (let t = 0; t < T; t += 1) {
    const next = new Float64Array(S).fill(Infinity);
    const bp = new Int32Array(S).fill(-1);
    const price = p.prices[t] ?? 0;
    const ok = p.allowed[t] ?? false;
    const relax = (to: number, value: number, from: number, move: number) => {
      if (value < (next[to] ?? Infinity) - EPS) {
        next[to] = value;
        bp[to] = from * 4 + move;
      }
    };
    for (let c = 0; c <= N; c += 1) {
      for (let hp = 0; hp < 2; hp += 1) {
        for (let r = 0; r <= k; r += 1) {
          const from = idx(c, hp, r);
          const base = cost[from] ?? Infinity;
          if (base === Infinity) continue;
          if (r === 0 || r === k) relax(idx(c, hp, 0), base, from, 0);
          if (!ok) continue;
          const rOn = Math.min(k, r + 1);
          if (c < N) relax(idx(c + 1, hp, rOn), base + price * e, from, 1);
          if (c < N && hp === 0) relax(idx(c + 1, 1, rOn), base + price * rem, from, 2);
          relax(idx(c, hp, rOn), base, from, 3);
        }
      }
    }
    back.push(bp);
    cost = next;
  }
  // The most energy up to the need, then the least cost; a block must be complete at the end.
  let best = -1;
  let bestEnergy = -1;
  let bestCost = Infinity;
  for (let c = 0; c <= N; c += 1) {
    for (let hp = 0; hp < 2; hp += 1) {
      for (const r of [0, k]) {
        const s = idx(c, hp, r);
        const v = cost[s] ?? Infinity;
        if (v === Infinity) continue;
        const raw = hp === 1 ? (c - 1) * e + rem : c * e;
        // Never store more than wanted (the store's capacity may be right above the target).
        if (raw > E + EPS) continue;
        const energy = raw;
        if (energy > bestEnergy + EPS || (Math.abs(energy - bestEnergy) <= EPS && v < bestCost)) {
          best = s;
          bestEnergy = energy;
          bestCost = v;
        }
      }
    }
  }
  const use: SlotUse[] = new Array<SlotUse>(T).fill('off');
  const kwh: number[] = new Array<number>(T).fill(0);
  if (best < 0) {
    // Only a running block that cannot complete leads here: keep it on and store nothing more.
    return { use, kwh, energyKwh: 0, cost: 0 };
  }
  let s = best;
  for (let t = T - 1; t >= 0; t -= 1) {
    const v = back[t]?.[s] ?? -1;
    const move = v & 3;
    use[t] = (['off', 'full', 'partial', 'idle'] as const)[move] ?? 'off';
    kwh[t] = move === 1 ? e : move === 2 ? rem : 0;
    s = v >> 2;
  }
  dropIdleBlocks(use, kwh, r0 > 0);
  const energyKwh = kwh.reduce((a, b) => a + b, 0);
  return { use, kwh, energyKwh, cost: bestCost };
}

/** A block that stores nothing (on only because off and on cost the same) is left off. */
function dropIdleBlocks(use: SlotUse[], kwh: number[], running: boolean): void {
  let t = 0;
  while (t < use.length) {
    if (use[t] === 'off') {
      t += 1;
      continue;
    }
    let end = t;
    let stored = 0;
    while (end < use.length && use[end] !== 'off') {
      stored += kwh[end] ?? 0;
      end += 1;
    }
    if (stored === 0 && !(running && t === 0)) for (let j = t; j < end; j += 1) use[j] = 'off';
    t = end;
  }
}
