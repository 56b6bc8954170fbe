import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';
import { DEMO_HISTORY_INTERVAL_S, DEMO_PRESET_NODES, DEMO_RECENT_INTERVAL_S } from './demo-history';
import { createHistoryGenerator } from './history-generator';

const DAY_S = 86_400;
/** Wednesday 14 January 2026, 12:00 UTC. */
const NOW = Date.UTC(2026, 0, 14, 12) / 1000;
const house = DEMO_PRESET_NODES.house.map((n) => ({
  type: n.type,
  addr: n.addr,
  ratedW: n.ratedPowerW,
}));

describe('history generator', () => {
  it('runs a coarse span then a fine one as one continuous story', () => {
    const g = createHistoryGenerator({ nodes: house, seed: 3, timezone: 'Europe/Madrid' });
    const coarse = g.run(NOW - 7 * DAY_S, NOW - DAY_S - 900, 900);
    const fine = g.run(NOW - DAY_S, NOW, 30);
    const of = (list: typeof coarse, addr: number) => list.filter((s) => s.addr === addr);
    expect(of(coarse, 1)).toHaveLength(6 * 96);
    expect(of(fine, 1)).toHaveLength(2881);
    for (const n of house) {
      const all = [...of(coarse, n.addr), ...of(fine, n.addr)];
      for (let i = 1; i < all.length; i++) {
        const [a, b] = [all[i - 1], all[i]];
        if (!a || !b) continue;
        expect(b.t).toBeGreaterThan(a.t);
        expect(b.counter).toBeGreaterThanOrEqual(a.counter);
        // Never more energy than the node's rating (or the whole house) could use.
        const cap = ((n.ratedW ?? 7050) * (b.t - a.t)) / 3600;
        expect(b.counter - a.counter).toBeLessThanOrEqual(cap + 0.2);
      }
    }
    // Rooms change smoothly at the report interval: no jumps between 30 s samples.
    const temps = of(fine, 1).map((s) => Number(s.temp));
    for (let i = 1; i < temps.length; i++)
      expect(Math.abs((temps[i] ?? 0) - (temps[i - 1] ?? 0))).toBeLessThan(0.3);
  });

  it('charges the storage heater in the off-peak night of the home, not in the day', () => {
    const g = createHistoryGenerator({ nodes: house, seed: 3, timezone: 'Europe/Madrid' });
    // 00:00 to 24:00 in Madrid (UTC+1 in January).
    const start = Date.UTC(2026, 0, 13, 23) / 1000;
    const acm = g.run(start, start + DAY_S, 900).filter((s) => s.type === 'acm');
    const used = (fromH: number, toH: number) => {
      const a = acm[fromH * 4];
      const b = acm[toH * 4];
      return (b?.counter ?? 0) - (a?.counter ?? 0);
    };
    expect(used(0, 7)).toBeGreaterThan(1000);
    expect(used(7, 24)).toBe(0);
  });

  it('is the same history for the same seed, zone and span', () => {
    const run = () =>
      createHistoryGenerator({ nodes: house, seed: 9, timezone: 'Europe/London' }).run(
        NOW - DAY_S,
        NOW,
        900,
      );
    expect(run()).toEqual(run());
  });
});

describe('demo seed', () => {
  let t: TestHearth;
  beforeAll(async () => {
    t = await startTestHearth();
  });
  afterAll(() => t.stop());

  it('stores the last day at the report interval before it answers, and hands the gateways the counters to continue from', async () => {
    const seed = await t.hearth.seedDemo();
    const now = Math.floor(Date.now() / 1000);
    for (const g of seed?.gateways ?? []) {
      expect(g.nodes?.map((n) => `${n.type}/${n.addr}`)).toEqual(
        DEMO_PRESET_NODES[g.preset].map((n) => `${n.type}/${n.addr}`),
      );
      for (const n of g.nodes ?? []) {
        const lastDay = await t.repos.samples.range(g.devId, n.type, n.addr, now - DAY_S, now);
        expect(lastDay.length).toBeGreaterThanOrEqual(DAY_S / DEMO_RECENT_INTERVAL_S - 2);
        expect(lastDay.at(-1)?.t).toBeGreaterThan(now - 2 * DEMO_RECENT_INTERVAL_S);
        expect(n.counterWh).toBe(lastDay.at(-1)?.counter);
      }
    }
    const house = seed?.gateways.find((g) => g.preset === 'house');
    const devId = house?.devId ?? '';
    // A second start while the year is still being stored: nothing seeded twice, same counters.
    const again = await t.hearth.seedDemo();
    expect(again?.gateways).toEqual(seed?.gateways);
    await t.hearth.demoHistoryIdle();
    const year = await t.repos.samples.range(devId, 'htr', 1, now - 366 * DAY_S, now - 2 * DAY_S);
    expect(year.length).toBeGreaterThan(360 * 96);
    expect(
      year.every((s, i) => i === 0 || s.t - (year[i - 1]?.t ?? 0) === DEMO_HISTORY_INTERVAL_S),
    ).toBe(true);
  });
});
