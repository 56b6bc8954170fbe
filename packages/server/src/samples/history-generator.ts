import type { GatewaySample, NodeType } from '@hearth/protocol';
import { formatDecimal } from '@hearth/protocol';

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
}

const DAY_S = 86_400;
const YEAR_S = 365.25 * DAY_S;

/** mulberry32: small, fast and the same on every machine, so a seeded history never changes. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Outdoor temperature: cold in mid-January, warm in mid-July, cooler at night. */
function outdoorC(t: number): number {
  const season = Math.cos((2 * Math.PI * (t - 15 * DAY_S)) / YEAR_S);
  const daily = Math.cos((2 * Math.PI * ((t % DAY_S) - 15 * 3600)) / DAY_S);
  return 12 - 9 * season + 4 * daily;
}

/** Share of the interval a heater runs: more in cold weather and in the morning and evening. */
function dutyAt(t: number, noise: number): number {
  const hour = (t % DAY_S) / 3600;
  const occupied = (hour >= 6 && hour < 9) || (hour >= 17 && hour < 23) ? 1 : 0.35;
  const need = Math.max(0, (19 - outdoorC(t)) / 18);
  return Math.min(1, need * occupied * (0.8 + 0.4 * noise));
}

/**
 * A plausible year (or any span) of samples for the records screens: heaters report room
 * temperature and a cumulative energy counter, a power monitor sums the heaters and reports
 * its peak and lowest power. Deterministic for a seed; about a million samples a second.
 */
export function generateHistory(o: HistoryOptions): GatewaySample[] {
  if (!(o.intervalS > 0) || !(o.to >= o.from))
    throw new Error('history needs intervalS > 0 and to >= from');
  const random = rng(o.seed ?? 1);
  const heaters = o.nodes.filter((n) => n.type !== 'pmo');
  const meters = o.nodes.filter((n) => n.type === 'pmo');
  const counters = new Map<HistoryNode, number>();
  const out: GatewaySample[] = [];
  const hours = o.intervalS / 3600;
  for (let t = o.from - (o.from % o.intervalS); t <= o.to; t += o.intervalS) {
    if (t < o.from) continue;
    let totalW = 0;
    for (const h of heaters) {
      const duty = dutyAt(t, random());
      const watts = (h.ratedW ?? 1000) * duty;
      totalW += watts;
      const counter = (counters.get(h) ?? 0) + watts * hours;
      counters.set(h, counter);
      const room = Math.min(23, Math.max(outdoorC(t) + 3, 17 + 4 * duty)) + random() * 0.4;
      out.push({
        type: h.type,
        addr: h.addr,
        t,
        counter: Math.round(counter),
        temp: formatDecimal(room),
      });
    }
    for (const m of meters) {
      const counter = (counters.get(m) ?? 0) + totalW * hours;
      counters.set(m, counter);
      out.push({
        type: m.type,
        addr: m.addr,
        t,
        counter: Math.round(counter),
        max: Math.round(totalW * (1.1 + 0.2 * random())),
        min: Math.round(totalW * 0.6 * random()),
      });
    }
  }
  return out;
}
