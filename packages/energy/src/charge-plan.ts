import { CHARGE_HORIZON_MAX_MS, CHARGE_MIN_BLOCK_MS, CHARGE_SLOT_MS } from './constants';
import { solveSlots, type SlotSolution, type SlotUse } from './charge-dp';
import { solvePair, type PairHeater } from './charge-dp-pair';
import { meanPrice, type TariffHistory } from './tariff';

/** A storage heater to charge: its element, its store, and what is wanted by when. */
export interface StorageHeaterSpec {
  id: string;
  name: string;
  /** The charging element's rating (kW). */
  powerKw: number;
  capacityKwh: number;
  /** Stored now (kWh). */
  chargeKwh: number;
  /** Wanted stored by `readyBy` (kWh; capped at the capacity). */
  targetKwh: number;
  readyBy: number;
  /** Once on, charge at least this long (default CHARGE_MIN_BLOCK_MS). */
  minBlockMs?: number;
  /** How long the heater has been charging in the block running now (a re-plan mid-block). */
  chargingForMs?: number;
}

/** The home's power schedule: `kw` is the limit from `from` until the next step. */
export interface PowerLimitStep {
  from: number;
  kw: number;
}

export interface ChargePlanInput {
  now: number;
  history: TariffHistory;
  /** Ascending; the first step also holds before its `from`. Empty: no limit. */
  powerLimit: readonly PowerLimitStep[];
  /** The rest of the home's draw expected over [start, end) in kW (default 0). */
  otherLoadKw?: (start: number, end: number) => number;
  /** In priority order: when the limit cannot fit all, the earlier heater is served first. */
  heaters: readonly StorageHeaterSpec[];
  slotMs?: number;
}

export interface ChargeSlot {
  start: number;
  end: number;
  /** kWh stored in the slot (0 for a slot kept on only to finish a minimum block). */
  kwh: number;
  pricePerKwh: number;
}

export interface ChargeBlock {
  start: number;
  end: number;
  kwh: number;
}

/** Why the plan is as it is, as data (explain.ts words it). */
export interface ChargeExplanation {
  heaterName: string;
  outcome: 'charged-already' | 'planned' | 'short';
  /** What limited a short plan: slots with no room under the limit, or too little time. */
  shortBecause?: 'power-limit' | 'time';
  neededKwh: number;
  plannedKwh: number;
  readyBy: number;
  blocks: ChargeBlock[];
  averagePricePerKwh: number;
  /** The cheapest and dearest slot price before `readyBy`. */
  cheapestPricePerKwh: number;
  dearestPricePerKwh: number;
  /** Slots the heater could not use because the home's limit left too little room. */
  slotsBlockedByLimit: number;
  /** Slots with no known price, planned as if at the dearest known price. */
  slotsWithoutPrice: number;
  minBlockMs: number;
}

export interface ChargePlan {
  heaterId: string;
  slots: ChargeSlot[];
  energyKwh: number;
  cost: number;
  reachesTarget: boolean;
  shortfallKwh: number;
  explanation: ChargeExplanation;
}

interface Grid {
  starts: number[];
  slotMs: number;
  prices: number[];
  unknown: boolean[];
  headroomKw: number[];
}

function limitOver(steps: readonly PowerLimitStep[], start: number, end: number): number {
  if (steps.length === 0) return Infinity;
  let kw = Infinity;
  for (let i = 0; i < steps.length; i += 1) {
    const s = steps[i];
    if (!s) continue;
    const from = i === 0 ? -Infinity : s.from;
    const until = steps[i + 1]?.from ?? Infinity;
    if (from < end && until > start) kw = Math.min(kw, s.kw);
  }
  return kw;
}

function buildGrid(input: ChargePlanInput): Grid {
  const slotMs = input.slotMs ?? CHARGE_SLOT_MS;
  const first = Math.ceil(input.now / slotMs) * slotMs;
  const lastReady = Math.min(
    input.now + CHARGE_HORIZON_MAX_MS,
    Math.max(...input.heaters.map((h) => h.readyBy)),
  );
  const starts: number[] = [];
  for (let t = first; t + slotMs <= lastReady; t += slotMs) starts.push(t);
  const raw = starts.map((s) => meanPrice(input.history, s, s + slotMs));
  const known = raw.filter((p): p is number => p !== undefined);
  const fallback = known.length > 0 ? Math.max(...known) : 0;
  return {
    starts,
    slotMs,
    prices: raw.map((p) => p ?? fallback),
    unknown: raw.map((p) => p === undefined),
    headroomKw: starts.map(
      (s) => limitOver(input.powerLimit, s, s + slotMs) - (input.otherLoadKw?.(s, s + slotMs) ?? 0),
    ),
  };
}

function planOne(
  h: StorageHeaterSpec,
  grid: Grid,
  headroom: number[],
  penalty?: readonly number[],
  given?: SlotSolution,
): ChargePlan {
  const { slotMs } = grid;
  const T = grid.starts.filter((s) => s + slotMs <= h.readyBy).length;
  const prices = grid.prices.slice(0, T);
  const allowed = headroom.slice(0, T).map((kw) => kw >= h.powerKw - 1e-9);
  const minBlockMs = h.minBlockMs ?? CHARGE_MIN_BLOCK_MS;
  const k = Math.max(1, Math.ceil(minBlockMs / slotMs));
  const needed = Math.max(0, Math.min(h.targetKwh, h.capacityKwh) - h.chargeKwh);
  const running = h.chargingForMs ? Math.max(1, Math.ceil(h.chargingForMs / slotMs)) : 0;
  const sol =
    given ??
    solveSlots({
      prices: penalty ? prices.map((p, t) => p + (penalty[t] ?? 0)) : prices,
      allowed,
      slotKwh: (h.powerKw * slotMs) / 3_600_000,
      neededKwh: needed,
      minBlockSlots: k,
      runningSlots: running,
    });
  const slots: ChargeSlot[] = [];
  sol.use.forEach((u: SlotUse, t) => {
    if (u === 'off') return;
    const start = grid.starts[t] ?? 0;
    headroom[t] = (headroom[t] ?? 0) - h.powerKw;
    slots.push({ start, end: start + slotMs, kwh: sol.kwh[t] ?? 0, pricePerKwh: prices[t] ?? 0 });
  });
  const blocks: ChargeBlock[] = [];
  for (const s of slots) {
    const last = blocks[blocks.length - 1];
    if (last && last.end === s.start) {
      last.end = s.end;
      last.kwh += s.kwh;
    } else blocks.push({ start: s.start, end: s.end, kwh: s.kwh });
  }
  const cost = slots.reduce((a, sl) => a + sl.kwh * sl.pricePerKwh, 0);
  const shortfall = Math.max(0, needed - sol.energyKwh);
  const reaches = shortfall <= 1e-6;
  const blocked = allowed.filter((a) => !a).length;
  return {
    heaterId: h.id,
    slots,
    energyKwh: sol.energyKwh,
    cost,
    reachesTarget: reaches,
    shortfallKwh: shortfall,
    explanation: {
      heaterName: h.name,
      outcome: needed <= 1e-6 ? 'charged-already' : reaches ? 'planned' : 'short',
      ...(reaches ? {} : { shortBecause: blocked > 0 ? 'power-limit' : 'time' }),
      neededKwh: needed,
      plannedKwh: sol.energyKwh,
      readyBy: h.readyBy,
      blocks,
      averagePricePerKwh: sol.energyKwh > 0 ? cost / sol.energyKwh : 0,
      cheapestPricePerKwh: prices.length > 0 ? Math.min(...prices) : 0,
      dearestPricePerKwh: prices.length > 0 ? Math.max(...prices) : 0,
      slotsBlockedByLimit: blocked,
      slotsWithoutPrice: grid.unknown.slice(0, T).filter(Boolean).length,
      minBlockMs,
    },
  };
}

function pairSpec(h: StorageHeaterSpec, grid: Grid): PairHeater {
  const { slotMs } = grid;
  const minBlockMs = h.minBlockMs ?? CHARGE_MIN_BLOCK_MS;
  return {
    powerKw: h.powerKw,
    slotKwh: (h.powerKw * slotMs) / 3_600_000,
    neededKwh: Math.max(0, Math.min(h.targetKwh, h.capacityKwh) - h.chargeKwh),
    minBlockSlots: Math.max(1, Math.ceil(minBlockMs / slotMs)),
    slots: grid.starts.filter((s) => s + slotMs <= h.readyBy).length,
    runningSlots: h.chargingForMs ? Math.max(1, Math.ceil(h.chargingForMs / slotMs)) : 0,
  };
}

function permutations(n: number): number[][] {
  if (n <= 1) return [[...Array(n).keys()]];
  const out: number[][] = [];
  for (const rest of permutations(n - 1)) {
    for (let i = 0; i <= rest.length; i += 1)
      out.push([...rest.slice(0, i), n - 1, ...rest.slice(i)]);
  }
  return out;
}

/** Heaters whose every order is tried for the shared limit; beyond, the priority order only. */
const ORDERS_TRIED_UP_TO = 4;

/** Rounds of congestion prices tried after the plain orders (see planCharging). */
const CONGESTION_ROUNDS = 25;

interface Candidate {
  plans: ChargePlan[];
  energy: number;
  cost: number;
}

function better(a: Candidate, b: Candidate | undefined): boolean {
  if (!b) return true;
  if (a.energy > b.energy + 1e-6) return true;
  return Math.abs(a.energy - b.energy) <= 1e-6 && a.cost < b.cost - 1e-9;
}

function sequential(
  heaters: readonly StorageHeaterSpec[],
  order: readonly number[],
  grid: Grid,
  penalty?: readonly number[],
): Candidate {
  const headroom = [...grid.headroomKw];
  const plans: ChargePlan[] = new Array<ChargePlan>(heaters.length);
  for (const i of order) {
    const h = heaters[i];
    if (h) plans[i] = planOne(h, grid, headroom, penalty);
  }
  return {
    plans,
    energy: plans.reduce((a, p) => a + p.energyKwh, 0),
    cost: plans.reduce((a, p) => a + p.cost, 0),
  };
}

/** Passes of re-planning each heater around the others' plans. */
const REFINE_PASSES = 6;

function slotIndexOf(grid: Grid, start: number): number {
  return Math.round((start - (grid.starts[0] ?? 0)) / grid.slotMs);
}

/** Re-plans each heater exactly around the others' slots while that lowers the total. */
function refine(heaters: readonly StorageHeaterSpec[], grid: Grid, start: Candidate): Candidate {
  let cur = start;
  for (let pass = 0; pass < REFINE_PASSES; pass += 1) {
    let improved = false;
    for (let i = 0; i < heaters.length; i += 1) {
      const h = heaters[i];
      if (!h) continue;
      const headroom = [...grid.headroomKw];
      cur.plans.forEach((p, j) => {
        if (j === i) return;
        for (const sl of p.slots) {
          const t = slotIndexOf(grid, sl.start);
          headroom[t] = (headroom[t] ?? 0) - (heaters[j]?.powerKw ?? 0);
        }
      });
      const mine = planOne(h, grid, headroom);
      const plans = cur.plans.map((p, j) => (j === i ? mine : p));
      const next = {
        plans,
        energy: plans.reduce((a, p) => a + p.energyKwh, 0),
        cost: plans.reduce((a, p) => a + p.cost, 0),
      };
      if (better(next, cur)) {
        cur = next;
        improved = true;
      }
    }
    if (!improved) break;
  }
  return cur;
}

/**
 * Charge plans for a home's storage heaters: each reaches its target by its ready-by time at the
 * least cost the limit leaves room for. Each heater alone is planned exactly (charge-dp.ts); they
 * share the room under the home's limit by being planned in turn on what the ones before left.
 * Every order is tried (up to ORDERS_TRIED_UP_TO heaters), then rounds of congestion prices: a
 * surcharge on the slots the heaters, planned each alone, would overfill (raised where they do,
 * lowered where they no longer do), so the turn-by-turn plan leaves contested slots to the heater
 * that gains most from them. The plan storing the most, then costing the least, is kept.
 * Pure: re-plan by calling again when prices, targets or charge change.
 */
export function planCharging(input: ChargePlanInput): ChargePlan[] {
  for (const h of input.heaters) {
    if (!(h.powerKw > 0) || !(h.capacityKwh > 0) || h.chargeKwh < 0 || h.targetKwh < 0)
      throw new RangeError(`${h.name}: rating and capacity must be > 0, charge and target ≥ 0`);
  }
  if (input.heaters.length === 0) return [];
  const grid = buildGrid(input);
  const n = input.heaters.length;
  const priority = [...Array(n).keys()];
  const orders = n <= ORDERS_TRIED_UP_TO ? permutations(n) : [priority];
  const consider = (c: Candidate) => {
    const r = n > 1 ? refine(input.heaters, grid, c) : c;
    if (better(r, best)) best = r;
  };
  let best: Candidate = sequential(input.heaters, priority, grid);
  const [ha, hb] = input.heaters;
  if (n === 2 && ha && hb) {
    // Two heaters: the joint programme is exact when small enough.
    const pair = solvePair(grid.prices, grid.headroomKw, pairSpec(ha, grid), pairSpec(hb, grid));
    if (pair) {
      const plans = [
        planOne(ha, grid, [...grid.headroomKw], undefined, pair[0]),
        planOne(hb, grid, [...grid.headroomKw], undefined, pair[1]),
      ];
      const c = {
        plans,
        energy: plans.reduce((a, p) => a + p.energyKwh, 0),
        cost: plans.reduce((a, p) => a + p.cost, 0),
      };
      if (better(c, best)) best = c;
      if (c === best) return c.plans;
    }
  }
  for (const order of orders) consider(sequential(input.heaters, order, grid));
  if (n > 1) {
    const T = grid.starts.length;
    const spread = Math.max(...grid.prices) - Math.min(...grid.prices) || 0.01;
    const penalty = new Array<number>(T).fill(0);
    for (let round = 0; round < CONGESTION_ROUNDS; round += 1) {
      const alone = input.heaters.map((h) => planOne(h, grid, [...grid.headroomKw], penalty));
      const load = new Array<number>(T).fill(0);
      alone.forEach((p, i) => {
        for (const sl of p.slots) {
          const t = slotIndexOf(grid, sl.start);
          load[t] = (load[t] ?? 0) + (input.heaters[i]?.powerKw ?? 0);
        }
      });
      const step = (spread * 0.5) / (1 + round * 0.3);
      let over = false;
      for (let t = 0; t < T; t += 1) {
        const excess = (load[t] ?? 0) - (grid.headroomKw[t] ?? 0);
        if (excess > 1e-9) over = true;
        const kwScale = Math.max(...input.heaters.map((h) => h.powerKw));
        penalty[t] = Math.max(0, (penalty[t] ?? 0) + (step * excess) / kwScale);
      }
      for (const order of n <= 3 ? orders : [priority])
        consider(sequential(input.heaters, order, grid, penalty));
      if (!over) break;
    }
  }
  return best.plans;
}
