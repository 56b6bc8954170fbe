import { formatDecimal, zonedParts, zonedWallToMs } from '@hearth/protocol';
import type { SimNode } from '@hearth/device-model';
import { demoRoomC, type DemoDevice } from './demo-model';

const QUARTER_S = 900;
const DAY_S = 86_400;
const YEAR_S = 365.25 * DAY_S;
const W_DAY = (2 * Math.PI) / DAY_S;
const W_YEAR = (2 * Math.PI) / YEAR_S;
/** Mid-January: the coldest point of the sample year. */
const WINTER_S = 15 * DAY_S;
/** The samples' range is capped like the server's raw answer (40 days). */
const MAX_RAW_S = 40 * DAY_S;

/** Mean power of a node in W: a quarter of a heater's rating, the sum for a power monitor. */
function meanW(dev: DemoDevice, node: SimNode): number {
  if (node.kind === 'heater') return node.ratedPowerW / 4;
  return dev.model.heaters().reduce((sum, n) => sum + n.ratedPowerW / 4, 0);
}

/** Evening peak per node, so that charts differ between nodes (hours after midnight UTC). */
function phase(node: SimNode): number {
  return W_DAY * (17 + (node.addr % 4)) * 3600;
}

/**
 * Cumulative energy in Wh at t (seconds): the integral of a power that is higher on winter
 * days and in the evening, never negative. Closed form, so every month and year agree and
 * the same query always answers the same samples.
 */
export function counterWh(dev: DemoDevice, node: SimNode, t: number): number {
  const w = meanW(dev, node);
  // Seconds of running at the mean power, so that energy = mean power × this.
  const seconds =
    t +
    (0.45 / W_DAY) * Math.sin(W_DAY * t - phase(node)) +
    (0.45 / W_YEAR) * Math.sin(W_YEAR * (t - WINTER_S));
  return Math.round((w * seconds) / 36) / 100;
}

/** Power in W at t, the derivative of counterWh. */
function powerW(dev: DemoDevice, node: SimNode, t: number): number {
  const w = meanW(dev, node);
  return (
    w * (1 + 0.45 * Math.cos(W_DAY * t - phase(node)) + 0.45 * Math.cos(W_YEAR * (t - WINTER_S)))
  );
}

/** The room's history swings around the temperature the node started at. */
function roomC(dev: DemoDevice, node: SimNode, t: number): number {
  const base = node.kind === 'heater' ? demoRoomC(dev.devId, node.addr) : 20;
  return base + 0.8 * Math.cos(W_DAY * t - phase(node));
}

/** Raw quarter-hour samples between start and end (seconds), never in the future. */
export function rawSamples(
  dev: DemoDevice,
  node: SimNode,
  start: number,
  end: number,
  nowS: number,
) {
  const to = Math.min(end, nowS, start + MAX_RAW_S);
  const out: Array<Record<string, number | string>> = [];
  for (let t = Math.ceil(start / QUARTER_S) * QUARTER_S; t <= to; t += QUARTER_S) {
    if (node.kind === 'meter') {
      const p = powerW(dev, node, t);
      out.push({
        t,
        counter: counterWh(dev, node, t),
        max: Math.round(p * 1.3),
        min: Math.round(p * 0.6),
      });
    } else {
      out.push({ t, temp: formatDecimal(roomC(dev, node, t)), counter: counterWh(dev, node, t) });
    }
  }
  return out;
}

/** One entry per month of the home's zone (our server's group=month): energy and mean °C. */
export function monthlySamples(
  dev: DemoDevice,
  node: SimNode,
  start: number,
  end: number,
  timeZone: string,
  nowS: number,
) {
  const to = Math.min(end, nowS);
  const months = new Map<string, { t: number; wh: number; temps: number[] }>();
  // Noon of each day, so that a daylight-saving change never moves a day into another month.
  for (let day = start + DAY_S / 2; day - DAY_S / 2 < to; day += DAY_S) {
    const p = zonedParts(day * 1000, timeZone);
    const key = `${p.y}-${p.n}`;
    const from = day - DAY_S / 2;
    const until = Math.min(day + DAY_S / 2, to);
    // As the server: a bucket is named by its start, midnight of the 1st in the zone.
    const monthStart = zonedWallToMs({ y: p.y, n: p.n, d: 1, h: 0, m: 0 }, timeZone) / 1000;
    const entry = months.get(key) ?? { t: monthStart, wh: 0, temps: [] };
    entry.wh += counterWh(dev, node, until) - counterWh(dev, node, from);
    entry.temps.push(roomC(dev, node, day));
    months.set(key, entry);
  }
  return [...months.values()].map((m) => ({
    t: m.t,
    counter_delta: Math.round(m.wh * 10) / 10,
    ...(node.kind === 'heater'
      ? { temp: formatDecimal(m.temps.reduce((a, b) => a + b, 0) / m.temps.length) }
      : {}),
  }));
}
