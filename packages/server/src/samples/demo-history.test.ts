import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';
import { DEMO_HISTORY_INTERVAL_S, DEMO_PRESET_NODES, DEMO_RECENT_INTERVAL_S } from './demo-history';

const DAY_S = 86_400;
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
