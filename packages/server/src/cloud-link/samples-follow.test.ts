import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { followSamples, followSamplesOnce, SAMPLES_FOLLOW_MAX_SPAN_S } from './samples-follow';

const linkedAt = new Date('2026-03-01T12:00:00Z');
const linkedS = linkedAt.getTime() / 1000;

function world(last: number | undefined, nowS: number) {
  const spans: Array<[number, number]> = [];
  const deps = {
    bridge: {
      forwardSamples: async (start: number, end: number) => {
        spans.push([start, end]);
        return 1;
      },
    },
    lastSampleAt: async () => last,
    linkedAt,
    now: () => nowS * 1000,
  };
  return { spans, deps };
}

describe('keeping a linked device’s samples current', () => {
  it('asks for what came after the last stored sample, up to now', async () => {
    const w = world(linkedS + 600, linkedS + 3600);
    expect(await followSamplesOnce(w.deps)).toBe(1);
    expect(w.spans).toEqual([[linkedS + 601, linkedS + 3600]]);
  });

  it('starts where the history import ended when nothing newer is stored', async () => {
    const none = world(undefined, linkedS + 900);
    await followSamplesOnce(none.deps);
    // A sample of the imported year (before the link) does not send the round back into it.
    const older = world(linkedS - 3600, linkedS + 900);
    await followSamplesOnce(older.deps);
    expect(none.spans).toEqual([[linkedS, linkedS + 900]]);
    expect(older.spans).toEqual([[linkedS, linkedS + 900]]);
  });

  it('asks for nothing when it is current, and for a week at most when far behind', async () => {
    const current = world(linkedS + 900, linkedS + 900);
    expect(await followSamplesOnce(current.deps)).toBe(0);
    expect(current.spans).toEqual([]);
    const behind = world(linkedS, linkedS + 30 * 86_400);
    await followSamplesOnce(behind.deps);
    expect(behind.spans).toEqual([[linkedS + 1, linkedS + 1 + SAMPLES_FOLLOW_MAX_SPAN_S]]);
  });

  it('goes round on its beat, one round at a time, until stopped; a failed round is not the end', async () => {
    let rounds = 0;
    let running = 0;
    let overlapped = false;
    let release: () => void = () => undefined;
    const follow = followSamples({
      bridge: {
        forwardSamples: async () => {
          rounds += 1;
          if (rounds === 1) throw new Error('cloud down');
          running += 1;
          if (running > 1) overlapped = true;
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          running -= 1;
          return 0;
        },
      },
      lastSampleAt: async () => undefined,
      linkedAt,
      now: () => (linkedS + 3600) * 1000,
      everyMs: 5,
      log: createLogger('silent'),
      devId: 'abc',
    });
    await expect.poll(() => rounds).toBe(2);
    release();
    await expect.poll(() => rounds).toBe(3);
    follow.stop();
    release();
    const after = rounds;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rounds).toBe(after);
    expect(overlapped).toBe(false);
  });
});
