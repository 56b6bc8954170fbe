import { describe, expect, test } from 'vitest';
import {
  homeMethodNodes,
  homeScheduleMethod,
  scheduleMethodOf,
  storageHeaters,
} from './heater-system';

const htr = (addr: number, prog_resol?: number, installed = true) => ({
  type: 'htr' as const,
  addr,
  installed,
  setup: prog_resol === undefined ? {} : { prog_resol },
});

describe('heater system schedule method (spec 3 §7, §9)', () => {
  test('a node reads its method from prog_resol or prog_resolution, hour by default', () => {
    expect(scheduleMethodOf(htr(1, 1))).toBe(1);
    expect(scheduleMethodOf(htr(1, 0))).toBe(0);
    expect(scheduleMethodOf(htr(1))).toBe(0);
    expect(scheduleMethodOf({ ...htr(1), setup: { prog_resolution: '1' } })).toBe(1);
  });

  test('the home method covers installed heaters and thermostats, not storage heaters', () => {
    const nodes = [
      htr(1),
      htr(2, 0, false),
      { type: 'thm' as const, addr: 3, installed: true },
      { type: 'acm' as const, addr: 4, installed: true },
      { type: 'pmo' as const, addr: 5, installed: true },
    ];
    expect(homeMethodNodes(nodes).map((n) => n.addr)).toEqual([1, 3]);
    expect(storageHeaters(nodes).map((n) => n.addr)).toEqual([4]);
  });

  test('the home shows the method its heaters agree on; none when they differ', () => {
    expect(homeScheduleMethod([htr(1, 1), htr(2, 1)])).toBe(1);
    expect(homeScheduleMethod([htr(1, 0), htr(2, 0)])).toBe(0);
    expect(homeScheduleMethod([htr(1, 0), htr(2, 1)])).toBeUndefined();
    expect(homeScheduleMethod([])).toBe(0);
  });
});
