import { describe, expect, it } from 'vitest';
import { ManualClock, scaledClock } from './clock';

describe('scaledClock', () => {
  it('runs device time faster and fires timers sooner by the same factor', () => {
    const base = new ManualClock(1_000_000);
    const fast = scaledClock(60, base);
    const fired: number[] = [];
    fast.setTimeout(() => fired.push(fast.now()), 60_000);
    base.advance(999);
    expect(fired).toEqual([]);
    base.advance(1);
    expect(fired).toEqual([1_000_000 + 60_000]);
    expect(fast.now()).toBe(1_000_000 + 60_000);
  });

  it('refuses a scale that is not positive', () => {
    expect(() => scaledClock(0)).toThrow(/positive/);
    expect(() => scaledClock(Number.NaN)).toThrow(/positive/);
  });
});
