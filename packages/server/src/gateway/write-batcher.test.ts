import { describe, expect, it } from 'vitest';
import { createWriteBatcher } from './write-batcher';

function recordingStore(opts: { failOn?: number } = {}) {
  const calls: number[][] = [];
  let release: () => void = () => undefined;
  let gate: Promise<void> | undefined;
  return {
    calls,
    /** Holds every store call until `open()`, as a slow database would. */
    hold() {
      gate = new Promise((r) => (release = r));
    },
    open: () => release(),
    async store(items: number[]): Promise<string[]> {
      calls.push(items);
      if (gate) await gate;
      if (opts.failOn !== undefined && items.includes(opts.failOn)) throw new Error('bad write');
      return items.map((n) => `stored ${n}`);
    },
  };
}

describe('write batcher', () => {
  it('stores writes that arrive together in one call and answers each caller its own result', async () => {
    const s = recordingStore();
    const batcher = createWriteBatcher({ store: (items: number[]) => s.store(items) });
    const results = await Promise.all([1, 2, 3].map((n) => batcher.add(n)));
    expect(results).toEqual(['stored 1', 'stored 2', 'stored 3']);
    expect(s.calls).toEqual([[1, 2, 3]]);
  });

  it('fails only the bad write of a batch; the others are stored', async () => {
    const s = recordingStore({ failOn: 2 });
    const batcher = createWriteBatcher({ store: (items: number[]) => s.store(items) });
    const settled = await Promise.allSettled([1, 2, 3].map((n) => batcher.add(n)));
    expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(s.calls).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('gathers the writes that arrive during a store for the next one, in order', async () => {
    const s = recordingStore();
    const batcher = createWriteBatcher({
      store: (items: number[]) => s.store(items),
      maxInFlight: 1,
      maxBatch: 3,
    });
    s.hold();
    const first = batcher.add(1);
    await new Promise((r) => setImmediate(r));
    const later = [2, 3, 4, 5].map((n) => batcher.add(n));
    await new Promise((r) => setImmediate(r));
    expect(s.calls).toEqual([[1]]);
    s.open();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4, 5].map((n) => `stored ${n}`));
    expect(s.calls).toEqual([[1], [2, 3, 4], [5]]);
  });
});
