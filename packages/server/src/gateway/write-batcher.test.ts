import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe('gathering writes nobody waits on', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const gathering = () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
      const s = recordingStore();
      const batcher = createWriteBatcher({
        store: (items: number[]) => s.store(items),
        maxInFlight: 1,
        gather: { quietMs: 250, maxWaitMs: 1000 },
      });
      return { s, batcher };
    };

    it('holds writes while they keep coming and stores them together once none has come for quietMs', async () => {
      const { s, batcher } = gathering();
      const added = [batcher.add(1)];
      for (const n of [2, 3, 4]) {
        await vi.advanceTimersByTimeAsync(200);
        added.push(batcher.add(n));
      }
      await vi.advanceTimersByTimeAsync(249);
      expect(s.calls).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(await Promise.all(added)).toEqual([1, 2, 3, 4].map((n) => `stored ${n}`));
      expect(s.calls).toEqual([[1, 2, 3, 4]]);
    });

    it('stores what it holds maxWaitMs after the first write even while writes keep coming', async () => {
      const { s, batcher } = gathering();
      const added: Promise<string>[] = [];
      for (let n = 1; n <= 8; n++) {
        added.push(batcher.add(n));
        await vi.advanceTimersByTimeAsync(200);
      }
      // Writes every 200 ms never leave 250 ms of quiet: the first five went at 1000 ms.
      expect(s.calls).toEqual([[1, 2, 3, 4, 5]]);
      await vi.advanceTimersByTimeAsync(250);
      await Promise.all(added);
      expect(s.calls).toEqual([
        [1, 2, 3, 4, 5],
        [6, 7, 8],
      ]);
    });

    it('flush stores what is held at once and resolves when it is stored', async () => {
      const { s, batcher } = gathering();
      const added = [batcher.add(1), batcher.add(2)];
      await batcher.flush();
      expect(s.calls).toEqual([[1, 2]]);
      expect(await Promise.all(added)).toEqual(['stored 1', 'stored 2']);
      await vi.advanceTimersByTimeAsync(1000);
      expect(s.calls).toEqual([[1, 2]]);
    });
  });
});
