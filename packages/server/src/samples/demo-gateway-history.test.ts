import { describe, expect, it } from 'vitest';
import type { GatewaySample } from '@hearth/protocol';
import { DEMO_PRESET_NODES } from './demo-history';
import { demoGatewayHistory } from './demo-gateway-history';

const DAY_S = 86_400;
/** Wednesday 14 January 2026, 12:00 UTC. */
const NOW = Date.UTC(2026, 0, 14, 12) / 1000;
const house = DEMO_PRESET_NODES.house;

const history = (o: { seed?: number; timezone?: string; fromS?: number } = {}) =>
  demoGatewayHistory({
    devId: 'de0000000000000001',
    nodes: house,
    seed: o.seed ?? 3,
    timezone: o.timezone ?? 'Europe/Madrid',
    fromS: o.fromS ?? NOW - 7 * DAY_S,
    seamS: NOW - DAY_S,
    toS: NOW,
    coarseS: 900,
    fineS: 30,
  });

const older = (h: ReturnType<typeof history>) => [...h.olderDays()].flat();
const of = (list: GatewaySample[], addr: number) => list.filter((s) => s.addr === addr);

describe('demo gateway history', () => {
  it('runs the coarse days then the fine last day as one story: counters meet, rooms do not jump', () => {
    const h = history();
    const coarse = older(h);
    expect(of(coarse, 1)).toHaveLength(6 * 96);
    expect(of(h.recent, 1)).toHaveLength(2881);
    for (const n of house) {
      const all = [...of(coarse, n.addr), ...of(h.recent, n.addr)];
      for (let i = 1; i < all.length; i++) {
        const [a, b] = [all[i - 1]!, all[i]!];
        expect(b.t - a.t).toBe(a.t < NOW - DAY_S ? 900 : 30);
        expect(b.counter).toBeGreaterThanOrEqual(a.counter);
        // Never more energy than the node's rating (or the whole house) could use.
        const cap = ((n.ratedPowerW ?? 7050) * (b.t - a.t)) / 3600;
        expect(b.counter - a.counter).toBeLessThanOrEqual(cap + 0.2);
      }
      expect(all.at(-1)!.counter).toBeGreaterThan(all[0]!.counter);
    }
    // The fine part starts from the coarse part's rooms, and rooms change smoothly in it.
    const temps = of([...coarse, ...h.recent], 1)
      .filter((s) => s.t >= NOW - DAY_S - 900)
      .map((s) => Number(s.temp));
    for (let i = 1; i < temps.length; i++)
      expect(Math.abs(temps[i]! - temps[i - 1]!)).toBeLessThan(0.3);
  });

  it('gives the meter what the heaters draw, with its peak and lowest power', () => {
    const h = history();
    const all = [...older(h), ...h.recent];
    const rise = (addr: number) => of(all, addr).at(-1)!.counter - of(all, addr)[0]!.counter;
    expect(rise(5)).toBeCloseTo(rise(1) + rise(2) + rise(3) + rise(4), -1);
    expect(of(all, 5).every((s) => s.max !== undefined && s.temp === undefined)).toBe(true);
  });

  it('charges the storage heater in the off-peak night of the home, not in the day', () => {
    // 00:00 to 24:00 in Madrid (UTC+1 in January): the day before the seam.
    const start = Date.UTC(2026, 0, 11, 23) / 1000;
    const acm = older(history()).filter((s) => s.type === 'acm' && s.t >= start);
    const used = (fromH: number, toH: number) => acm[toH * 4]!.counter - acm[fromH * 4]!.counter;
    expect(used(0, 7)).toBeGreaterThan(1000);
    expect(used(7, 24)).toBe(0);
  });

  it('is the same history for the same seed, zone and span; a later start moves only the counters', () => {
    const run = (fromS?: number) =>
      history({ seed: 9, timezone: 'Europe/London', ...(fromS === undefined ? {} : { fromS }) });
    const a = run();
    expect(run().recent).toEqual(a.recent);
    expect(older(run())).toEqual(older(a));
    const shorter = run(NOW - 3 * DAY_S);
    const noCounters = (list: GatewaySample[]) =>
      list.filter((s) => s.t >= NOW - 3 * DAY_S).map(({ counter: _counter, ...rest }) => rest);
    expect(noCounters(older(shorter))).toEqual(noCounters(older(a)));
    expect(of(older(shorter), 1)[0]!.counter).toBeLessThan(of(older(a), 1).at(-1)!.counter);
  });

  it('refuses a seam off the coarse interval', () => {
    expect(() =>
      demoGatewayHistory({
        devId: 'de0000000000000001',
        nodes: house,
        seed: 1,
        timezone: 'UTC',
        fromS: NOW - DAY_S,
        seamS: NOW - 60,
        toS: NOW,
        coarseS: 900,
        fineS: 30,
      }),
    ).toThrow(/seam/);
  });
});
