import type { SlotSolution, SlotUse } from './charge-dp';

/**
 * Two storage heaters sharing the room under a home's limit, planned together exactly: the
 * dynamic programme of charge-dp.ts over the pair of both heaters' states. Used when the state
 * space is small enough (PAIR_WORK_MAX); it finds the swaps that planning one after the other
 * misses when the limit leaves room for only one heater at a time.
 */
export interface PairHeater {
  powerKw: number;
  slotKwh: number;
  neededKwh: number;
  minBlockSlots: number;
  /** Slots before its ready-by; it is off after. */
  slots: number;
  runningSlots?: number;
}

/** The most states × slots × moves the joint programme takes on (a few tens of ms). */
export const PAIR_WORK_MAX = 4_000_000;

const EPS = 1e-9;
const MOVES: readonly SlotUse[] = ['off', 'full', 'partial', 'idle'];

interface Shape {
  k: number;
  N: number;
  rem: number;
  e: number;
  E: number;
  size: number;
  r0: number;
}

function shape(h: PairHeater): Shape {
  const k = Math.max(1, Math.floor(h.minBlockSlots));
  const e = h.slotKwh;
  const E = Math.max(0, h.neededKwh);
  const N = E <= EPS ? 0 : Math.ceil(E / e - EPS);
  return {
    k,
    N,
    e,
    E,
    rem: N === 0 ? 0 : E - (N - 1) * e,
    size: (N + 1) * 2 * (k + 1),
    r0: Math.min(k, Math.max(0, Math.floor(h.runningSlots ?? 0))),
  };
}

/** Moves from one heater's state: [to, move, kWh price factor, on]. */
function moves(
  s: Shape,
  state: number,
  canOn: boolean,
  canOff: boolean,
): [number, number, number, boolean][] {
  const r = state % (s.k + 1);
  const hp = Math.floor(state / (s.k + 1)) % 2;
  const c = Math.floor(state / (2 * (s.k + 1)));
  const idx = (cc: number, hh: number, rr: number) => (cc * 2 + hh) * (s.k + 1) + rr;
  const out: [number, number, number, boolean][] = [];
  if (canOff && (r === 0 || r === s.k)) out.push([idx(c, hp, 0), 0, 0, false]);
  if (!canOn) return out;
  const rOn = Math.min(s.k, r + 1);
  if (c < s.N) out.push([idx(c + 1, hp, rOn), 1, s.e, true]);
  if (c < s.N && hp === 0) out.push([idx(c + 1, 1, rOn), 2, s.rem, true]);
  out.push([idx(c, hp, rOn), 3, 0, true]);
  return out;
}

function energyOf(s: Shape, state: number): number | undefined {
  const r = state % (s.k + 1);
  if (r !== 0 && r !== s.k) return undefined;
  const hp = Math.floor(state / (s.k + 1)) % 2;
  const c = Math.floor(state / (2 * (s.k + 1)));
  const raw = hp === 1 ? (c - 1) * s.e + s.rem : c * s.e;
  return raw > s.E + EPS ? undefined : raw;
}

/** Undefined when the problem is too large for the joint programme. */
export function solvePair(
  prices: readonly number[],
  headroomKw: readonly number[],
  a: PairHeater,
  b: PairHeater,
): [SlotSolution, SlotSolution] | undefined {
  const T = prices.length;
  const sa = shape(a);
  const sb = shape(b);
  if (sa.size * sb.size * T * 16 > PAIR_WORK_MAX) return undefined;
  const S = sa.size * sb.size;
  let cost = new Float64Array(S).fill(Infinity);
  // Both start with nothing stored, in the block each has running (if any).
  cost[sa.r0 * sb.size + sb.r0] = 0;
  // Each state's moves with the heater allowed on or not, worked out once.
  const table = (sh: Shape) =>
    [false, true].map((on) => Array.from({ length: sh.size }, (_, x) => moves(sh, x, on, true)));
  const movesA = table(sa);
  const movesB = table(sb);
  const back: Int32Array[] = [];
  for (let t = 0; t < T; t += 1) {
    const next = new Float64Array(S).fill(Infinity);
    const bp = new Int32Array(S).fill(-1);
    const price = prices[t] ?? 0;
    const room = headroomKw[t] ?? 0;
    const aOn = t < a.slots && room >= a.powerKw - EPS;
    const bOn = t < b.slots && room >= b.powerKw - EPS;
    const both = room >= a.powerKw + b.powerKw - EPS;
    for (let x = 0; x < sa.size; x += 1) {
      const ma = movesA[aOn ? 1 : 0]?.[x] ?? [];
      for (let y = 0; y < sb.size; y += 1) {
        const base = cost[x * sb.size + y] ?? Infinity;
        if (base === Infinity) continue;
        for (const [ta, mva, kwa, ona] of ma) {
          const mb = movesB[bOn && (!ona || both) ? 1 : 0]?.[y] ?? [];
          for (const [tb, mvb, kwb] of mb) {
            const to = ta * sb.size + tb;
            const v = base + price * (kwa + kwb);
            if (v < (next[to] ?? Infinity) - EPS) {
              next[to] = v;
              bp[to] = ((x * sb.size + y) * 4 + mva) * 4 + mvb;
            }
          }
        }
      }
    }
    back.push(bp);
    cost = next;
  }
  let best = -1;
  let bestEnergy = -1;
  let bestCost = Infinity;
  for (let x = 0; x < sa.size; x += 1) {
    const ea = energyOf(sa, x);
    if (ea === undefined) continue;
    for (let y = 0; y < sb.size; y += 1) {
      const eb = energyOf(sb, y);
      const v = cost[x * sb.size + y] ?? Infinity;
      if (eb === undefined || v === Infinity) continue;
      const e = ea + eb;
      if (e > bestEnergy + EPS || (Math.abs(e - bestEnergy) <= EPS && v < bestCost - EPS)) {
        best = x * sb.size + y;
        bestEnergy = e;
        bestCost = v;
      }
    }
  }
  if (best < 0) return undefined;
  const out = [sa, sb].map((s) => ({
    use: new Array<SlotUse>(T).fill('off'),
    kwh: new Array<number>(T).fill(0),
    energyKwh: 0,
    cost: 0,
    s,
  }));
  let st = best;
  for (let t = T - 1; t >= 0; t -= 1) {
    const v = back[t]?.[st] ?? -1;
    const mvb = v & 3;
    const mva = (v >> 2) & 3;
    [mva, mvb].forEach((mv, i) => {
      const o = out[i];
      if (!o) return;
      o.use[t] = MOVES[mv] ?? 'off';
      o.kwh[t] = mv === 1 ? o.s.e : mv === 2 ? o.s.rem : 0;
      o.cost += (o.kwh[t] ?? 0) * (prices[t] ?? 0);
    });
    st = v >> 4;
  }
  const [ra, rb] = out.map(({ use, kwh, cost: c }) => ({
    use,
    kwh,
    energyKwh: kwh.reduce((p, q) => p + q, 0),
    cost: c,
  }));
  return ra && rb ? [ra, rb] : undefined;
}
