import {
  createLazyHistory,
  hashString,
  type LazyHistory,
  type SimNode,
} from '@hearth/device-model';
import { formatDecimal } from '@hearth/protocol';
import type { DemoDevice } from './demo-model';

const DAY_S = 86_400;
/** The samples' range is capped like the server's raw answer (40 days). */
const MAX_RAW_S = 40 * DAY_S;

interface DeviceHistory {
  /** The nodes it was made for; a node found or added later makes a new one. */
  nodes: string;
  history: LazyHistory;
}

const histories = new WeakMap<DemoDevice, DeviceHistory>();

const nodeList = (dev: DemoDevice) => dev.model.nodes.map((n) => `${n.type}/${n.addr}`).join(',');

/**
 * The gateway's past, from the device model's history (`@hearth/device-model`, the model that
 * runs its live nodes), made a day at a time when asked. Counters count from 1 January (UTC) of
 * the year the history was first asked for, so the same query answers the same samples all
 * year; an erased node keeps its past, as the server keeps stored samples.
 */
function historyOf(dev: DemoDevice, nowS: number): LazyHistory {
  const nodes = nodeList(dev);
  const known = histories.get(dev);
  if (known?.nodes === nodes) return known.history;
  const year = new Date(nowS * 1000).getUTCFullYear();
  const history = createLazyHistory({
    devId: dev.devId,
    nodes: dev.model.nodes.map((n): SimNode => ({ ...n, installed: true })),
    timezone: dev.model.timezone,
    epochMs: Date.UTC(year, 0, 1),
    seed: hashString(dev.devId),
  });
  histories.set(dev, { nodes, history });
  return history;
}

/** Raw quarter-hour samples between start and end (seconds), never in the future: the server's wire shape. */
export function rawSamples(
  dev: DemoDevice,
  node: SimNode,
  start: number,
  end: number,
  nowS: number,
) {
  const to = Math.min(end, nowS, start + MAX_RAW_S);
  return historyOf(dev, nowS)
    .samples(start * 1000, to * 1000, node)
    .map((s) =>
      node.kind === 'meter'
        ? { t: s.t, counter: s.counter, max: s.max ?? 0, min: s.min ?? 0 }
        : { t: s.t, temp: s.temp ?? '', counter: s.counter },
    );
}

/** One entry per month of the zone (the server's group=month): energy and mean °C, from the samples. */
export function monthlySamples(
  dev: DemoDevice,
  node: SimNode,
  start: number,
  end: number,
  timeZone: string,
  nowS: number,
) {
  return historyOf(dev, nowS)
    .buckets(node, 'month', start * 1000, end * 1000, timeZone, nowS * 1000)
    .map((b) => ({
      t: b.startMs / 1000,
      counter_delta: Math.round(b.energyWh * 10) / 10,
      ...(b.tempC === null ? {} : { temp: formatDecimal(b.tempC) }),
    }));
}

/** A node's energy per local day of the zone (Wh), from the samples: for costs over long spans. */
export function dailyEnergy(
  dev: DemoDevice,
  node: SimNode,
  startMs: number,
  endMs: number,
  timeZone: string,
  nowMs: number,
): { startMs: number; endMs: number; wh: number }[] {
  const days = historyOf(dev, Math.floor(nowMs / 1000)).buckets(
    node,
    'day',
    startMs,
    endMs,
    timeZone,
    nowMs,
  );
  return days.map((b, i) => ({
    startMs: b.startMs,
    endMs: Math.min(days[i + 1]?.startMs ?? b.startMs + 86_400_000, nowMs),
    wh: b.energyWh,
  }));
}
