import { describe, expect, it } from 'vitest';
import { reportPhaseMs } from './fleet';
import { simDevId } from './identity';

describe('report phases of a spread fleet', () => {
  it('are the same for a dev_id and seed, and move with the seed', () => {
    const devId = simDevId(42);
    expect(reportPhaseMs(devId, 1, 30_000)).toBe(reportPhaseMs(devId, 1, 30_000));
    const seeds = new Set([1, 2, 3, 4, 5].map((seed) => reportPhaseMs(devId, seed, 30_000)));
    expect(seeds.size).toBeGreaterThan(1);
  });

  it('cover the interval evenly: each tenth holds about a tenth of 2,000 gateways', () => {
    const tenths = new Array<number>(10).fill(0);
    for (let i = 0; i < 2000; i++) {
      const phase = reportPhaseMs(simDevId(i), 1, 30_000);
      expect(phase).toBeGreaterThanOrEqual(1);
      expect(phase).toBeLessThan(30_000);
      tenths[Math.floor(phase / 3_000)]! += 1;
    }
    for (const n of tenths) {
      expect(n).toBeGreaterThan(140);
      expect(n).toBeLessThan(260);
    }
  });

  it('fit an interval of a few milliseconds', () => {
    expect(reportPhaseMs(simDevId(1), 1, 1)).toBe(1);
    const phase = reportPhaseMs(simDevId(1), 1, 5);
    expect(phase).toBeGreaterThanOrEqual(1);
    expect(phase).toBeLessThan(5);
  });
});
