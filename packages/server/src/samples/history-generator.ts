import type { GatewaySample, NodeType } from '@hearth/protocol';
import { formatDecimal, zoneOffsetMs } from '@hearth/protocol';

export interface HistoryNode {
  type: NodeType;
  addr: number;
  /** Rated power of a heater, W; ignored for a power monitor. */
  ratedW?: number;
}

export interface HistoryOptions {
  nodes: HistoryNode[];
  /** Seconds since the epoch, inclusive. */
  from: number;
  to: number;
  intervalS: number;
  seed?: number;
  /** IANA zone of the home: occupied hours and off-peak charging follow its wall clock. */
  timezone?: string;
}

const DAY_S = 86_400;
const HOUR_S = 3_600;
const YEAR_S = 365.25 * DAY_S;
/** How fast a room follows its heating (first-order lag), seconds. */
const ROOM_LAG_S = 2 * HOUR_S;
/** Storage heaters charge in the off-peak night hours, local time [from, to). */
const VALLEY_HOURS: readonly [number, number] = [0, 7];
/** They charge enough over the night for the next day's need, with this margin. */
const STORAGE_MARGIN = 1.15;

/** A stable pseudo-random number in [0, 1) for a seed, a node and an hour. */
function noise(seed: number, node: number, hour: number): number {
  let h = (seed * 0x9e3779b1) ^ (node * 0x85ebca6b) ^ Math.imul(hour, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
}

/** Noise that changes smoothly: each hour's value, blended linearly into the next. */
function smoothNoise(seed: number, node: number, t: number): number {
  const hour = Math.floor(t / HOUR_S);
  const f = (t - hour * HOUR_S) / HOUR_S;
  return noise(seed, node, hour) * (1 - f) + noise(seed, node, hour + 1) * f;
}

/** Offset of the zone from UTC at t (seconds), looked up once per UTC hour. */
function zoneOffsetter(timeZone: string): (t: number) => number {
  return (t) => zoneOffsetMs(t * 1000, timeZone) / 1000;
}

/** Outdoor temperature: cold in mid-January, warm in mid-July, coolest before dawn. */
function outdoorC(t: number, localHour: number): number {
  const season = Math.cos((2 * Math.PI * (t - 15 * DAY_S)) / YEAR_S);
  const daily = Math.cos((2 * Math.PI * (localHour - 15)) / 24);
  return 12 - 9 * season + 4 * daily;
}

/** The set point a home keeps: comfort when people are up, eco at night and while out. */
function targetC(localHour: number, weekday: number): number {
  const weekend = weekday === 0 || weekday === 6;
  const comfort = weekend
    ? localHour >= 8 && localHour < 23
    : (localHour >= 7 && localHour < 9) || (localHour >= 17 && localHour < 23);
  return comfort ? 21 : 18;
}

/** Share of its rating a heater needs to hold `target` against `outdoor`. */
function needFor(target: number, outdoor: number): number {
  return Math.max(0, (target - outdoor) / 22);
}

interface NodeState {
  node: HistoryNode;
  index: number;
  counter: number;
  roomC: number;
  /** Power since the previous sample, W: the energy up to a sample is counted at the power before it. */
  watts: number;
}

/**
 * A history generator that can be run over consecutive spans at different intervals
 * (e.g. a year at 15 minutes, then the last day at 30 seconds) and stays continuous:
 * counters keep counting and rooms keep their temperature across spans. Values depend
 * on absolute time, not on the interval, so a finer span looks like a zoom of a coarser
 * one. Heaters report room temperature and a cumulative energy counter (Wh); storage
 * heaters draw their power in the off-peak night; a power monitor sums the heaters and
 * reports its peak and lowest power. Deterministic for a seed.
 */
export function createHistoryGenerator(o: {
  nodes: HistoryNode[];
  seed?: number;
  timezone?: string;
  /** Counters to start from (Wh), by `${type}/${addr}`; default 0. */
  counters?: Record<string, number>;
}) {
  const seed = o.seed ?? 1;
  const offsetOf = zoneOffsetter(o.timezone ?? 'UTC');
  const states: NodeState[] = o.nodes.map((node, index) => ({
    node,
    index,
    counter: o.counters?.[`${node.type}/${node.addr}`] ?? 0,
    roomC: 18,
    watts: 0,
  }));
  const heaters = states.filter((s) => s.node.type !== 'pmo');
  const meters = states.filter((s) => s.node.type === 'pmo');
  let lastT: number | undefined;

  /** Power of a heater at t (W) and the room temperature it heads for (°C). */
  function step(s: NodeState, t: number, local: number, outdoor: number) {
    const localHour = (((local % DAY_S) + DAY_S) % DAY_S) / HOUR_S;
    const weekday = new Date(local * 1000).getUTCDay();
    const target = targetC(localHour, weekday);
    const wiggle = smoothNoise(seed, s.index, t);
    const rated = s.node.ratedW ?? 1000;
    const need = needFor(target, outdoor);
    // Some rooms lose more heat than others, and not the same every hour.
    const duty = Math.min(1, need * (0.75 + 0.5 * wiggle));
    const reach = need > 0 ? Math.min(1, duty / need) : 1;
    const headingC =
      Math.max(outdoor + 2, target > outdoor ? outdoor + (target - outdoor) * reach : outdoor) +
      (wiggle - 0.5) * 0.6;
    if (s.node.type !== 'acm') return { watts: rated * duty, headingC };
    // A storage heater charges in the off-peak night for the coming day; its heat output is
    // 40 % of its rating, so a day's need is 24 h of that share.
    const inValley = localHour >= VALLEY_HOURS[0] && localHour < VALLEY_HOURS[1];
    const dayNeed = needFor(20, outdoor + 4) * 0.4 * 24;
    const chargeHours = VALLEY_HOURS[1] - VALLEY_HOURS[0];
    const watts = inValley ? rated * Math.min(1, (dayNeed * STORAGE_MARGIN) / chargeHours) : 0;
    return { watts, headingC };
  }

  return {
    /** Samples every `intervalS` from `from` (aligned to the interval) to `to`, inclusive. */
    run(from: number, to: number, intervalS: number): GatewaySample[] {
      if (!(intervalS > 0) || !(to >= from))
        throw new Error('history needs intervalS > 0 and to >= from');
      const out: GatewaySample[] = [];
      const start = Math.ceil(from / intervalS) * intervalS;
      for (let t = start; t <= to; t += intervalS) {
        if (lastT !== undefined && t <= lastT) continue;
        const dt = lastT === undefined ? intervalS : t - lastT;
        lastT = t;
        const local = t + offsetOf(t);
        const localHour = (((local % DAY_S) + DAY_S) % DAY_S) / HOUR_S;
        const outdoor = outdoorC(t, localHour);
        let totalW = 0;
        let peakW = 0;
        for (const s of heaters) {
          const { watts, headingC } = step(s, t, local, outdoor);
          totalW += watts;
          peakW += watts > 0 ? (s.node.ratedW ?? 1000) : 0;
          s.counter += (s.watts * dt) / HOUR_S;
          s.watts = watts;
          s.roomC = headingC + (s.roomC - headingC) * Math.exp(-dt / ROOM_LAG_S);
          out.push({
            type: s.node.type,
            addr: s.node.addr,
            t,
            counter: Math.round(s.counter * 10) / 10,
            temp: formatDecimal(s.roomC),
          });
        }
        for (const s of meters) {
          s.counter += (s.watts * dt) / HOUR_S;
          s.watts = totalW;
          const swing = smoothNoise(seed, s.index, t);
          out.push({
            type: s.node.type,
            addr: s.node.addr,
            t,
            counter: Math.round(s.counter * 10) / 10,
            // Thermostats switch whole heaters: the peak nears the sum of those running.
            max: Math.round(Math.max(totalW, peakW * (0.8 + 0.2 * swing))),
            min: Math.round(totalW * 0.5 * swing),
          });
        }
      }
      return out;
    },
    /** The counters reached so far (Wh), by `${type}/${addr}`. */
    counters(): Record<string, number> {
      return Object.fromEntries(states.map((s) => [`${s.node.type}/${s.node.addr}`, s.counter]));
    },
  };
}

/** A plausible span of samples for the records screens at one interval (see createHistoryGenerator). */
export function generateHistory(o: HistoryOptions): GatewaySample[] {
  const generator = createHistoryGenerator({
    nodes: o.nodes,
    seed: o.seed,
    timezone: o.timezone,
  });
  return generator.run(o.from, o.to, o.intervalS);
}
