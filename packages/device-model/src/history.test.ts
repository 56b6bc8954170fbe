import { describe, expect, it } from 'vitest';
import { generateHistory } from './history';
import { PRESETS } from './node';

describe('generated history', () => {
  const from = Date.UTC(2025, 0, 1);
  const to = Date.UTC(2025, 1, 1);
  const options = {
    nodes: PRESETS.house,
    from,
    to,
    intervalS: 900,
    seed: 4,
    timezone: 'Europe/Madrid',
  };

  it('gives every node a sample per interval with monotonic counters and temperatures', () => {
    const samples = generateHistory(options);
    const intervals = (to - from) / 900_000 + 1;
    expect(samples).toHaveLength(intervals * PRESETS.house.length);
    const byNode = new Map<string, typeof samples>();
    for (const s of samples) {
      const key = `${s.type}/${s.addr}`;
      byNode.set(key, byNode.get(key) ?? []);
      byNode.get(key)?.push(s);
    }
    expect([...byNode.keys()]).toEqual(['htr/1', 'htr/2', 'htr/3', 'acm/4', 'pmo/5']);
    for (const [key, list] of byNode) {
      expect(list[0]?.t).toBe(from / 1000);
      for (let i = 1; i < list.length; i++) {
        expect(list[i]!.counter).toBeGreaterThanOrEqual(list[i - 1]!.counter);
        expect(list[i]!.t - list[i - 1]!.t).toBe(900);
      }
      expect(list.at(-1)!.counter).toBeGreaterThan(0);
      if (key.startsWith('pmo'))
        expect(list[1]).toMatchObject({ max: expect.any(Number), min: expect.any(Number) });
      else expect(list.every((s) => /^\d+\.\d$/.test(s.temp ?? ''))).toBe(true);
    }
    // The meter measures what the heaters draw.
    const last = (key: string) => byNode.get(key)!.at(-1)!.counter;
    const heaters = ['htr/1', 'htr/2', 'htr/3', 'acm/4'].reduce((sum, k) => sum + last(k), 0);
    expect(last('pmo/5')).toBeCloseTo(heaters, -1);
  });

  it('is the same for the same seed and starts from the given counters', () => {
    expect(generateHistory({ ...options, to: from + 86_400_000 })).toEqual(
      generateHistory({ ...options, to: from + 86_400_000 }),
    );
    const [first] = generateHistory({
      ...options,
      to: from,
      nodes: [{ type: 'htr', name: 'A', counterWh: 5000 }],
    });
    expect(first?.counter).toBe(5000);
  });

  it('refuses a non-positive interval', () => {
    expect(() => generateHistory({ ...options, intervalS: 0 })).toThrow(/intervalS/);
  });
});
