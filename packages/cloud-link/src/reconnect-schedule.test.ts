import { describe, expect, it } from 'vitest';
import { ReconnectSchedule } from './reconnect-schedule.ts';
import { CLOUD_LINK_TIMING } from './timing.ts';

/** The waits of `count` connects that each fail at once, the clock moving by each wait. */
function waits(schedule: ReconnectSchedule, count: number, start = 0): number[] {
  let now = start;
  const out: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const wait = schedule.next(now);
    out.push(wait);
    now += wait;
  }
  return out;
}

describe('realtime reconnect schedule', () => {
  it('allows three connects in ten seconds, then waits 10, 30, 120 and 300 s, the last repeated', () => {
    expect(CLOUD_LINK_TIMING.socketBurstConnects).toBe(3);
    // The first step (5 s) is inside the window the three quick connects opened.
    expect(waits(new ReconnectSchedule(), 9)).toEqual([
      0, 0, 0, 10_000, 10_000, 30_000, 120_000, 300_000, 300_000,
    ]);
  });

  it('waits 5 s at the first step when the burst was spread out', () => {
    const schedule = new ReconnectSchedule();
    const spread = [0, 6_000, 7_000, 11_000].map((now) => schedule.next(now));
    expect(spread).toEqual([0, 0, 0, 0]);
    // 6, 7 and 11 s are in the window: the window frees at 16 s, the first step ends at 17 s.
    expect(schedule.next(12_000)).toBe(5_000);
  });

  it('never makes a fourth connect within ten seconds', () => {
    const schedule = new ReconnectSchedule();
    const at: number[] = [];
    let now = 0;
    for (let i = 0; i < 8; i += 1) {
      now += schedule.next(now);
      at.push(now);
      now += 1_000;
    }
    for (let i = 3; i < at.length; i += 1) {
      expect((at[i] ?? 0) - (at[i - 3] ?? 0)).toBeGreaterThanOrEqual(
        CLOUD_LINK_TIMING.socketBurstWindowMs,
      );
    }
  });

  it('starts over once a connection proved healthy and the window has passed', () => {
    const schedule = new ReconnectSchedule();
    waits(schedule, 5);
    schedule.healthy();
    expect(waits(schedule, 4, 1_000_000)).toEqual([0, 0, 0, 10_000]);
  });

  it('keeps the burst limit after a healthy connection inside the window', () => {
    const schedule = new ReconnectSchedule();
    expect(waits(schedule, 3)).toEqual([0, 0, 0]);
    schedule.healthy();
    expect(schedule.next(2_000)).toBe(8_000);
  });
});
