import { describe, expect, it } from 'vitest';
import type { CloudLinkRepository, CloudLinkRow } from './cloud-link.repository';
import { importHistory } from './history-import';
import { createLogger } from '../logger';

const HOUR = 3_600_000;
const linkedAt = new Date('2026-03-01T12:00:00Z');

function world(link: Partial<CloudLinkRow>, failAt?: number) {
  const spans: Array<[number, number]> = [];
  const writes: Array<Record<string, unknown>> = [];
  const repo = {
    setHistory: async (_devId: string, fields: Record<string, unknown>) => {
      writes.push(fields);
    },
  } as unknown as CloudLinkRepository;
  const bridge = {
    ready: Promise.resolve(),
    forwardSamples: async (start: number, end: number) => {
      if (failAt !== undefined && spans.length === failAt) throw new Error('cloud down');
      spans.push([start, end]);
      return 0;
    },
  };
  const row = {
    devId: 'abc',
    accountId: 'acc',
    upstreamDevId: 'up',
    lastUpdateAt: null,
    historyState: 'pending',
    historyFrom: null,
    historyDoneUntil: null,
    createdAt: linkedAt,
    ...link,
  } as CloudLinkRow;
  const run = () =>
    importHistory({
      link: row,
      bridge,
      repo,
      log: createLogger('silent'),
      stopped: () => false,
      spanMs: 4 * HOUR,
      chunkMs: HOUR,
    });
  return { spans, writes, run };
}

const s = (d: Date) => Math.floor(d.getTime() / 1000);

describe('the history import', () => {
  it('forwards the span before the link in chunks, storing progress after each', async () => {
    const w = world({});
    await w.run();
    expect(w.spans).toHaveLength(4);
    expect(w.spans[0]).toEqual([s(linkedAt) - 4 * 3600, s(linkedAt) - 3 * 3600]);
    expect(w.spans[3]?.[1]).toBe(s(linkedAt));
    expect(w.writes.at(-1)).toEqual({ historyState: 'done' });
  });

  it('resumes from history_done_until, and a failure leaves it there as failed', async () => {
    const from = new Date(linkedAt.getTime() - 4 * HOUR);
    const doneUntil = new Date(linkedAt.getTime() - 2 * HOUR);
    const resumed = world({
      historyState: 'failed',
      historyFrom: from,
      historyDoneUntil: doneUntil,
    });
    await resumed.run();
    expect(resumed.spans).toEqual([
      [s(doneUntil), s(doneUntil) + 3600],
      [s(doneUntil) + 3600, s(linkedAt)],
    ]);
    const failing = world({}, 1);
    await failing.run();
    expect(failing.writes.at(-1)).toEqual({ historyState: 'failed' });
    expect(failing.writes).toContainEqual({
      historyDoneUntil: new Date(linkedAt.getTime() - 3 * HOUR),
    });
  });

  it('does nothing for a device whose history is done', async () => {
    const w = world({ historyState: 'done' });
    await w.run();
    expect(w.spans).toEqual([]);
    expect(w.writes).toEqual([]);
  });
});
