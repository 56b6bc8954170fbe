import { deviceClockAt } from '@hearth/protocol';
import { HEATER_KIND_PARAMS, type HeaterKind, type HeaterKindParams } from './heater-kinds';
import { createRng, hashString, type Rng } from './rng';
import { CONTROL_GAIN_PER_K, WINDOW_OPEN_LOSS_FACTOR } from './thermal';

/**
 * One room of the comfort simulation: the first-order room of thermal.ts around a heater of
 * a given kind, with its thermostat, open windows and the warmth of people. I/O-free and
 * deterministic: the same seed and the same inputs give the same run.
 */
/** Kelvin of equilibrium rise one person adds (about 100 W in a room a 1.5 kW heater holds 25 K up). */
export const PERSON_GAIN_K = 0.6;
/** The room sensor reads to a tenth of a degree, with this much noise (°C, standard deviation). */
export const SENSOR_NOISE_C = 0.04;

export interface ComfortRoomSpec {
  kind: HeaterKind;
  /** Seed of this room's size, its windows, its people and its sensor noise. */
  seed: number;
  startC?: number;
  /** Room-to-room spread of the time constant and design rise (0.15 = ±15 %). */
  spread?: number;
}

export interface RoomStepInputs {
  outdoorC: number;
  /** The thermostat's target; null turns the heater off. */
  targetC: number | null;
  windowOpen: boolean;
  people: number;
}

export class ComfortRoom {
  readonly kind: HeaterKind;
  readonly params: HeaterKindParams;
  roomC: number;
  /** Heat output as a fraction of the rating. */
  output = 0;
  /** Heat delivered, in hours at full rating (multiply by the rating for Wh). */
  fullLoadHours = 0;
  private readonly noise: Rng;

  constructor(spec: ComfortRoomSpec) {
    this.kind = spec.kind;
    const base = HEATER_KIND_PARAMS[spec.kind];
    const size = createRng(spec.seed);
    const spread = spec.spread ?? 0.15;
    const vary = (): number => 1 + (size() * 2 - 1) * spread;
    this.params = {
      ...base,
      roomTauS: base.roomTauS * vary(),
      designRiseK: base.designRiseK * vary(),
    };
    this.roomC = spec.startC ?? 18;
    this.noise = createRng(spec.seed ^ 0x5eed);
  }

  /** What the thermostat asks for: feed-forward holding power plus a proportional term. */
  demand(targetC: number | null, outdoorC: number): number {
    if (targetC === null) return 0;
    const u =
      (targetC - outdoorC) / this.params.designRiseK + CONTROL_GAIN_PER_K * (targetC - this.roomC);
    return Math.min(this.params.maxOutput, Math.max(0, u));
  }

  /** Moves the room on by dtS seconds (exact for inputs held over the step). */
  step(dtS: number, inputs: RoomStepInputs): void {
    const p = this.params;
    const demand = this.demand(inputs.targetC, inputs.outdoorC);
    const start = this.output;
    this.output = demand + (start - demand) * Math.exp(-dtS / p.outputLagS);
    const mean = (start + this.output) / 2;
    this.fullLoadHours += (mean * dtS) / 3600;
    const tau = inputs.windowOpen ? p.roomTauS / WINDOW_OPEN_LOSS_FACTOR : p.roomTauS;
    const heatK = p.designRiseK * mean + PERSON_GAIN_K * inputs.people;
    const equilibrium = inputs.outdoorC + (heatK * tau) / p.roomTauS;
    this.roomC = equilibrium + (this.roomC - equilibrium) * Math.exp(-dtS / tau);
  }

  /** What the device reports: the room temperature with sensor noise, to 0.1 °C. */
  reading(): number {
    const gauss = (this.noise() + this.noise() + this.noise() - 1.5) * 2 * SENSOR_NOISE_C;
    return Math.round((this.roomC + gauss) * 10) / 10;
  }

  /** A copy that runs on independently (noise included), to try a decision ahead. */
  clone(): ComfortRoom {
    const copy = Object.create(ComfortRoom.prototype) as ComfortRoom;
    Object.assign(copy, this);
    Object.defineProperty(copy, 'noise', { value: createRng(hashString(`${this.roomC}`)) });
    return copy;
  }
}

export interface WindowOpening {
  fromMs: number;
  toMs: number;
}

/** Airing a day: how many times at most, from when to when (local hours), how long (min). */
export const AIRINGS_PER_DAY_MAX = 2;
const AIRING_FROM_H = 7;
const AIRING_TO_H = 21;
const AIRING_MIN_MIN = 5;
const AIRING_MAX_MIN = 25;

/**
 * The life of a room over a run: the windows opened and closed at random (0–2 airings a day
 * in the daytime, 5–25 min each) and the people in it (more in the morning and evening, in the
 * home's time zone), none of either while the home is away. All from the seed: the same seed,
 * the same month.
 */
export interface RoomLife {
  windows: WindowOpening[];
  windowOpen(ms: number): boolean;
  people(ms: number): number;
}

export function roomLife(
  seed: number,
  startMs: number,
  days: number,
  timeZone: string,
  /** Spans when nobody is home: no airing, no people. */
  away: readonly WindowOpening[] = [],
): RoomLife {
  const isAway = (ms: number): boolean => away.some((a) => ms >= a.fromMs && ms < a.toMs);
  const rng = createRng(seed ^ 0x0a1e);
  const windows: WindowOpening[] = [];
  for (let d = 0; d < days; d += 1) {
    const count = Math.floor(rng() * (AIRINGS_PER_DAY_MAX + 1));
    for (let i = 0; i < count; i += 1) {
      const local = AIRING_FROM_H + rng() * (AIRING_TO_H - AIRING_FROM_H);
      const offset = startMs + d * 86_400_000;
      const dayStart =
        offset -
        (deviceClockAt(offset, timeZone).h * 60 + deviceClockAt(offset, timeZone).m) * 60_000;
      const fromMs = Math.round(dayStart + local * 3_600_000);
      const minutes = AIRING_MIN_MIN + rng() * (AIRING_MAX_MIN - AIRING_MIN_MIN);
      windows.push({ fromMs, toMs: fromMs + Math.round(minutes * 60_000) });
    }
  }
  windows.sort((a, b) => a.fromMs - b.fromMs);
  const aired = windows.filter((w) => !isAway(w.fromMs) && !isAway(w.toMs));
  return {
    windows: aired,
    windowOpen: (ms) => aired.some((w) => ms >= w.fromMs && ms < w.toMs),
    people(ms: number): number {
      if (isAway(ms)) return 0;
      const t = deviceClockAt(ms, timeZone);
      const busy = (t.h >= 7 && t.h < 9) || (t.h >= 17 && t.h < 23) || t.w === 0 || t.w === 6;
      const quarter = Math.floor(ms / 900_000);
      const draw = hashString(`${seed}|people|${quarter}`) / 4_294_967_296;
      if (draw > (busy ? 0.7 : 0.15)) return 0;
      return 1 + (hashString(`${seed}|count|${quarter}`) % 3);
    },
  };
}
