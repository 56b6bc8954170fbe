import {
  createLazyHistory,
  createNodes,
  createRng,
  generateHistory,
  localDayIndex,
  localDayStartMs,
  type NodeSpec,
} from '@hearth/device-model';
import type { GatewaySample, NodeType } from '@hearth/protocol';

/**
 * A demo gateway's past, produced by the device model (`@hearth/device-model`), the very model
 * the simulated gateways run: its heaters follow their programmes, storage heaters charge in
 * the off-peak night of the home, the power monitor sums them.
 */

/** A node of a demo gateway, in the shape the device model takes (its NodeSpec). */
export interface DemoNode {
  type: NodeType;
  addr: number;
  name: string;
  ratedPowerW?: number;
  mode?: 'auto' | 'manual' | 'off';
  stemp?: number;
  /** Energy counter to continue from, Wh: the last one stored, so records never jump. */
  counterWh?: number;
}

export interface DemoGatewayHistory {
  /** The recent part at the fine interval, from the seam to the end. */
  recent: GatewaySample[];
  /** The part before the seam at the coarse interval, a local day at a time, oldest first. */
  olderDays(): Generator<GatewaySample[]>;
}

const specs = (nodes: DemoNode[]): NodeSpec[] =>
  nodes.map((n) => {
    const { counterWh: _counter, ...spec } = n;
    return spec;
  });

/**
 * History of one gateway from `fromS` to `toS` (seconds): every `coarseS` until `seamS`, then
 * every `fineS` up to `toS`. Counters start at 0 at the local midnight before `fromS`. The
 * coarse part's days are made when asked (their totals once, at the start, for the seam's
 * counters: about 1 s for a year of the demo house); the fine part continues it from the seam's
 * counters and room temperatures, so the two meet without a jump.
 */
export function demoGatewayHistory(o: {
  devId: string;
  nodes: DemoNode[];
  seed: number;
  timezone: string;
  fromS: number;
  seamS: number;
  toS: number;
  coarseS: number;
  fineS: number;
}): DemoGatewayHistory {
  const seamMs = o.seamS * 1000;
  if (o.seamS % o.coarseS !== 0 || o.seamS % o.fineS !== 0)
    throw new Error('the seam must lie on both intervals');
  const lazy = createLazyHistory({
    devId: o.devId,
    nodes: createNodes(o.devId, specs(o.nodes), createRng(o.seed)),
    timezone: o.timezone,
    epochMs: o.fromS * 1000,
    epochCounterWh: 0,
    intervalS: o.coarseS,
    seed: o.seed,
  });
  const atSeam = lazy.samples(seamMs, seamMs);
  const recent = generateHistory({
    devId: o.devId,
    nodes: specs(o.nodes).map((spec) => {
      const s = atSeam.find((x) => x.type === spec.type && x.addr === spec.addr);
      return {
        ...spec,
        counterWh: s?.counter ?? 0,
        ...(s?.temp === undefined ? {} : { roomTemp: Number(s.temp) }),
      };
    }),
    from: seamMs,
    to: o.toS * 1000,
    intervalS: o.fineS,
    seed: o.seed,
    timezone: o.timezone,
  });
  return {
    recent,
    *olderDays() {
      const lastDay = localDayIndex(seamMs - 1, o.timezone);
      for (let day = localDayIndex(o.fromS * 1000, o.timezone); day <= lastDay; day++) {
        const from = Math.max(localDayStartMs(day, o.timezone), o.fromS * 1000);
        const to = Math.min(localDayStartMs(day + 1, o.timezone), seamMs) - 1;
        yield lazy.samples(from, to);
      }
    },
  };
}
