import { describe, expect, it } from 'vitest';
import type { ChargePlan } from '@hearth/energy';
import type { ChargePlanRow } from './automation.repository';
import {
  chargingConf,
  deviceWindows,
  nextWallTime,
  powerLimitSteps,
  runningBlockStart,
} from './charge-plans.service';

const MIN = 60_000;
const HOUR = 60 * MIN;
const ZONE = 'Europe/Madrid';

function planOf(slots: [number, number][]): ChargePlan {
  return {
    heaterId: 'h',
    slots: slots.map(([start, end]) => ({ start, end, kwh: 1, pricePerKwh: 0.1 })),
    energyKwh: slots.length,
    cost: 0,
    reachesTarget: true,
    shortfallKwh: 0,
    explanation: {} as ChargePlan['explanation'],
  };
}

describe('charge plan helpers of the server', () => {
  it('finds the next ready-by time on the home clock, across a DST change and at least 30 min ahead', () => {
    // Sat 28 Mar 2026 22:00 Madrid (21:00Z); the clocks go forward at 02:00 on Sunday.
    const now = Date.UTC(2026, 2, 28, 21, 0);
    expect(nextWallTime(now, '07:00', ZONE)).toBe(Date.UTC(2026, 2, 29, 5, 0));
    expect(nextWallTime(now, '23:00', ZONE)).toBe(Date.UTC(2026, 2, 28, 22, 0));
    // 22:20 is less than 30 minutes away: the next day's.
    expect(nextWallTime(now, '22:20', ZONE)).toBe(Date.UTC(2026, 2, 29, 20, 20));
  });

  it('reads the power schedule by minute of the week in the home zone, else the fixed limit', () => {
    // Monday 5 Jan 2026 00:00 Madrid = Sunday 23:00Z. Profile 1 (3 kW) from Monday 06:00.
    const from = Date.UTC(2026, 0, 4, 23, 0);
    const monday = 1440;
    const pmo = {
      max_power_config: {
        profiles: [0, 3000],
        slots: [
          { m: 0, i: 0 },
          { m: monday + 360, i: 1 },
          { m: monday + 1320, i: 0 },
        ],
      },
    };
    expect(powerLimitSteps(pmo, null, from, from + 24 * HOUR, ZONE)).toEqual([
      { from, kw: Infinity },
      { from: from + 6 * HOUR, kw: 3 },
      { from: from + 22 * HOUR, kw: Infinity },
    ]);
    expect(powerLimitSteps(null, { power_limit: '4500' }, from, from + HOUR, ZONE)).toEqual([
      { from, kw: 4.5 },
    ]);
    expect(powerLimitSteps(null, { power_limit: '0' }, from, from + HOUR, ZONE)).toEqual([]);
  });

  it('sends at most two windows, filling the smallest gap, in wall minutes of the home', () => {
    const t0 = Date.UTC(2026, 0, 5, 0, 0); // 01:00 in Madrid
    const plan = planOf([
      [t0, t0 + 30 * MIN],
      [t0 + 30 * MIN, t0 + HOUR],
      [t0 + 2 * HOUR, t0 + 3 * HOUR],
      [t0 + 3.5 * HOUR, t0 + 4 * HOUR],
    ]);
    const windows = deviceWindows(plan);
    expect(windows).toEqual([
      { start: t0, end: t0 + HOUR },
      { start: t0 + 2 * HOUR, end: t0 + 4 * HOUR },
    ]);
    expect(chargingConf(windows, ZONE)).toEqual({
      slot_1: { start: 60, end: 120 },
      slot_2: { start: 180, end: 300 },
    });
    expect(chargingConf([], ZONE)).toEqual({
      slot_1: { start: 0, end: 0 },
      slot_2: { start: 0, end: 0 },
    });
  });

  it('knows the start of the last plan’s block running now', () => {
    const t0 = Date.UTC(2026, 0, 5, 0, 0);
    const slot = (a: number, b: number) => ({
      start_ms: t0 + a * HOUR,
      end_ms: t0 + b * HOUR,
      kwh: 1,
      price_per_kwh: 0.1,
    });
    const row = {
      plan: { slots: [slot(0, 0.5), slot(0.5, 1), slot(2, 2.5)] },
    } as unknown as ChargePlanRow;
    expect(runningBlockStart(row, t0 + 0.75 * HOUR)).toBe(t0);
    expect(runningBlockStart(row, t0 + 2.25 * HOUR)).toBe(t0 + 2 * HOUR);
    expect(runningBlockStart(row, t0 + 1.5 * HOUR)).toBeUndefined();
  });
});
