import {
  ANTI_FROST_DEFAULT_C,
  GUARD_ACT_SHARE,
  GUARD_MAX_SWITCHES_PER_HOUR,
  GUARD_RESTORE_SHARE,
  GUARD_SHED_DROP_K,
  GUARD_SHED_MIN_MS,
  GUARD_WINDOW_MS,
} from './constants';

/**
 * The power guard: with a power monitor, keeps the home's average draw over each clock hour (a
 * capacity tariff) and its instant draw (a breaker) under caps by lowering heaters' set points
 * in the owner's order, never below anti-frost and at most GUARD_MAX_SWITCHES_PER_HOUR changes
 * per heater per hour. A step function: the caller keeps the state and applies the actions.
 */
const HOUR_MS = 3_600_000;

export interface GuardHeater {
  id: string;
  name: string;
  /** The owner's order: lower numbers are lowered first. */
  priority: number;
  /** What the heater draws when heating (kW). */
  ratedKw: number;
  /** Its anti-frost temperature; the guard never sets lower (default ANTI_FROST_DEFAULT_C). */
  antiFrostC?: number;
}

export interface GuardConfig {
  /** The cap on the average draw over each window (kW). */
  capKw: number;
  /** The cap on the instant draw (kW), e.g. the main breaker's; none: not guarded. */
  instantCapKw?: number;
  heaters: readonly GuardHeater[];
  /** Decide and report, change nothing: the home's draw is read as if the actions had applied. */
  dryRun: boolean;
  /** Default GUARD_WINDOW_MS; windows start at multiples of it (clock hours). */
  windowMs?: number;
}

export interface GuardHeaterReading {
  id: string;
  /** The set point it holds now (°C). */
  setPointC: number;
  /** Whether it is drawing power now. */
  heating: boolean;
}

export interface GuardMeasurement {
  at: number;
  /** The power monitor's reading of the whole home (kW). */
  homeKw: number;
  heaters: readonly GuardHeaterReading[];
}

export interface ShedHeater {
  heaterId: string;
  since: number;
  fromC: number;
  toC: number;
  drawKw: number;
}

export interface GuardState {
  windowStart: number;
  /** Energy drawn so far in the window (kWh). */
  energyKwh: number;
  lastAt?: number;
  lastKw?: number;
  shed: ShedHeater[];
  /** Times of each heater's changes in the last hour. */
  switches: Record<string, number[]>;
  /** When the guard last said it could not shed enough (to say it once per shed period). */
  unableAt?: number;
}

export type GuardReason =
  | { kind: 'hour-average'; projectedKw: number; capKw: number }
  | { kind: 'instant'; drawKw: number; capKw: number }
  | { kind: 'headroom'; projectedKw: number; capKw: number }
  | { kind: 'owner-changed'; setPointC: number };

export type BlockedBecause = 'anti-frost' | 'switch-limit' | 'not-heating';

export type GuardAction =
  | {
      kind: 'lower';
      at: number;
      heaterId: string;
      heaterName: string;
      fromC: number;
      toC: number;
      forMs: number;
      dryRun: boolean;
      reason: GuardReason;
    }
  | {
      kind: 'restore';
      at: number;
      heaterId: string;
      heaterName: string;
      toC: number;
      dryRun: boolean;
      reason: GuardReason;
    }
  | { kind: 'release'; at: number; heaterId: string; heaterName: string; reason: GuardReason }
  | {
      kind: 'unable';
      at: number;
      shortKw: number;
      dryRun: boolean;
      reason: GuardReason;
      blocked: { heaterId: string; heaterName: string; because: BlockedBecause }[];
    };

export function initialGuardState(at: number, windowMs: number = GUARD_WINDOW_MS): GuardState {
  return {
    windowStart: Math.floor(at / windowMs) * windowMs,
    energyKwh: 0,
    shed: [],
    switches: {},
  };
}

function recentSwitches(state: GuardState, id: string, at: number): number[] {
  return (state.switches[id] ?? []).filter((t) => t > at - HOUR_MS);
}

/** One step: fold in the measurement, then lower or restore heaters. Returns a new state. */
export function guardStep(
  config: GuardConfig,
  prev: GuardState,
  m: GuardMeasurement,
): { state: GuardState; actions: GuardAction[] } {
  if (!(config.capKw > 0)) throw new RangeError('the cap must be > 0 kW');
  const windowMs = config.windowMs ?? GUARD_WINDOW_MS;
  const state: GuardState = {
    ...prev,
    shed: prev.shed.map((s) => ({ ...s })),
    switches: Object.fromEntries(
      Object.keys(prev.switches).map((id) => [id, recentSwitches(prev, id, m.at)]),
    ),
  };
  const actions: GuardAction[] = [];
  const byId = new Map(config.heaters.map((h) => [h.id, h]));
  const readings = new Map(m.heaters.map((r) => [r.id, r]));

  // 1. Energy so far in the window, from the last reading held until now.
  if (state.lastAt !== undefined && state.lastKw !== undefined && m.at > state.lastAt) {
    let t = state.lastAt;
    while (t < m.at) {
      const wEnd = state.windowStart + windowMs;
      const seg = Math.min(m.at, wEnd);
      if (seg > t) state.energyKwh += (state.lastKw * (seg - t)) / HOUR_MS;
      t = seg;
      if (t >= wEnd) {
        state.windowStart = wEnd;
        state.energyKwh = 0;
      }
    }
  }
  const windowNow = Math.floor(m.at / windowMs) * windowMs;
  if (windowNow !== state.windowStart) {
    state.windowStart = windowNow;
    state.energyKwh = 0;
  }

  // 2. An owner who changed a lowered heater's set point takes it back.
  if (!config.dryRun) {
    state.shed = state.shed.filter((s) => {
      const r = readings.get(s.heaterId);
      if (!r || Math.abs(r.setPointC - s.toC) < 0.05) return true;
      actions.push({
        kind: 'release',
        at: m.at,
        heaterId: s.heaterId,
        heaterName: byId.get(s.heaterId)?.name ?? s.heaterId,
        reason: { kind: 'owner-changed', setPointC: r.setPointC },
      });
      return false;
    });
  }

  // In a dry run nothing was lowered: read the home as if it had been.
  const shedKw = () => (config.dryRun ? state.shed.reduce((a, s) => a + s.drawKw, 0) : 0);
  let drawKw = Math.max(0, m.homeKw - shedKw());
  const remainingMs = state.windowStart + windowMs - m.at;
  const windowH = windowMs / HOUR_MS;
  const projected = (kw: number) => (state.energyKwh + (kw * remainingMs) / HOUR_MS) / windowH;

  // 3. Lower heaters when the window is heading over the cap, or the draw is over the breaker's.
  let needKw = 0;
  let reason: GuardReason | undefined;
  const instantCap = config.instantCapKw;
  if (instantCap !== undefined && drawKw > instantCap) {
    needKw = drawKw - instantCap * GUARD_ACT_SHARE;
    reason = { kind: 'instant', drawKw, capKw: instantCap };
  }
  const headed = projected(drawKw);
  if (headed > config.capKw * GUARD_ACT_SHARE && remainingMs > 0) {
    const hourNeed = ((headed - config.capKw * GUARD_ACT_SHARE) * windowMs) / remainingMs;
    // Over the breaker's limit is the more urgent reason to give; shed for whichever needs more.
    if (!reason) reason = { kind: 'hour-average', projectedKw: headed, capKw: config.capKw };
    needKw = Math.max(needKw, hourNeed);
  }
  if (reason && needKw > 0) {
    const blocked: { heaterId: string; heaterName: string; because: BlockedBecause }[] = [];
    // First each heater in the owner order goes down by GUARD_SHED_DROP_K; if that is not
    // enough (a lowered room that has cooled heats again), lowered heaters go to anti-frost.
    const ordered = [...config.heaters].sort((a, b) => a.priority - b.priority);
    // Only heaters lowered at an earlier reading go on to anti-frost: one lowered now has not
    // had time to cool, and lowering it twice in one step spends two of its changes for one.
    const shedBefore = new Set(state.shed.map((s) => s.heaterId));
    const candidates = [
      ...ordered.filter((h) => !shedBefore.has(h.id)),
      ...ordered.filter((h) => shedBefore.has(h.id)),
    ];
    let freed = 0;
    for (const h of candidates) {
      if (freed >= needKw) break;
      const r = readings.get(h.id);
      if (!r) continue;
      const antiFrost = h.antiFrostC ?? ANTI_FROST_DEFAULT_C;
      const already = state.shed.find((s) => s.heaterId === h.id);
      const fromC = already ? already.toC : r.setPointC;
      const toC = already ? antiFrost : Math.max(antiFrost, r.setPointC - GUARD_SHED_DROP_K);
      // A lowered heater keeps a change in hand for its restore.
      const used = (state.switches[h.id]?.length ?? 0) + (already ? 1 : 2);
      const because: BlockedBecause | undefined = !r.heating
        ? 'not-heating'
        : toC >= fromC
          ? 'anti-frost'
          : used > GUARD_MAX_SWITCHES_PER_HOUR
            ? 'switch-limit'
            : undefined;
      if (because) {
        if (because !== 'not-heating' && !already)
          blocked.push({ heaterId: h.id, heaterName: h.name, because });
        continue;
      }
      if (already) {
        already.toC = toC;
        already.since = m.at;
      } else state.shed.push({ heaterId: h.id, since: m.at, fromC, toC, drawKw: h.ratedKw });
      state.switches[h.id] = [...(state.switches[h.id] ?? []), m.at];
      freed += h.ratedKw;
      actions.push({
        kind: 'lower',
        at: m.at,
        heaterId: h.id,
        heaterName: h.name,
        fromC,
        toC,
        forMs: GUARD_SHED_MIN_MS,
        dryRun: config.dryRun,
        reason,
      });
    }
    drawKw = Math.max(0, drawKw - freed);
    if (
      freed < needKw &&
      (state.unableAt === undefined || m.at - state.unableAt >= GUARD_SHED_MIN_MS)
    ) {
      state.unableAt = m.at;
      actions.push({
        kind: 'unable',
        at: m.at,
        shortKw: needKw - freed,
        dryRun: config.dryRun,
        reason,
        blocked,
      });
    }
  } else {
    // 4. Otherwise give back one heater (the last to be lowered first) when there is room for it.
    const order = [...state.shed].sort(
      (a, b) => (byId.get(b.heaterId)?.priority ?? 0) - (byId.get(a.heaterId)?.priority ?? 0),
    );
    for (const s of order) {
      if (m.at - s.since < GUARD_SHED_MIN_MS) continue;
      if ((state.switches[s.heaterId]?.length ?? 0) >= GUARD_MAX_SWITCHES_PER_HOUR) continue;
      const withIt = projected(drawKw + s.drawKw);
      const instantOk =
        instantCap === undefined || drawKw + s.drawKw <= instantCap * GUARD_RESTORE_SHARE;
      if (withIt > config.capKw * GUARD_RESTORE_SHARE || !instantOk) continue;
      state.shed = state.shed.filter((x) => x !== s);
      state.switches[s.heaterId] = [...(state.switches[s.heaterId] ?? []), m.at];
      actions.push({
        kind: 'restore',
        at: m.at,
        heaterId: s.heaterId,
        heaterName: byId.get(s.heaterId)?.name ?? s.heaterId,
        toC: s.fromC,
        dryRun: config.dryRun,
        reason: { kind: 'headroom', projectedKw: withIt, capKw: config.capKw },
      });
      break;
    }
  }
  state.lastAt = m.at;
  state.lastKw = Math.max(0, m.homeKw - shedKw());
  return { state, actions };
}
