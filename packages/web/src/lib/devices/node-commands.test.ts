import { NODE_WRITES } from '@hearth/protocol';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const request = vi.fn((_path: string, _options: Record<string, unknown>) => Promise.resolve({}));
vi.mock('../http', () => ({ http: { request } }));

const { postBoost, postMode, postNodeWrite, postStatus } = await import('./node-commands');

const node = { devId: 'ab/1', type: 'htr', addr: 2 } as const;
const sent = (): Record<string, unknown>[] =>
  request.mock.calls.map(([path, options]) => ({ path, ...options }));

describe('node writes from the app', () => {
  beforeEach(() => request.mockClear());

  it('go to the method and path of protocol’s node write table', async () => {
    await postNodeWrite(node, 'erase', { purge: true });
    await postNodeWrite(node, 'select', { select: true }, { quiet: true });
    expect(sent()).toEqual([
      { path: '/api/v2/devs/ab%2F1/htr/2/', method: 'DELETE', json: { purge: true } },
      {
        path: '/api/v2/devs/ab%2F1/htr/2/select',
        method: 'POST',
        json: { select: true },
        quiet: true,
      },
    ]);
  });

  it('send bodies the write’s schema takes: temperatures as one-decimal strings, no empty keys', async () => {
    await postStatus(node, { stemp: 21, units: 'C' });
    await postStatus(node, { mode: 'modified_auto' });
    await postMode(node, 'manual', { stemp: 19.5, units: 'C' });
    await postBoost(node, { active: true, temperature: 25, units: 'C', time: 120 });
    const bodies = sent().map((call) => call.json);
    expect(bodies).toEqual([
      { stemp: '21.0', units: 'C' },
      // No write sets modified_auto: it is written as auto.
      { mode: 'auto' },
      { mode: 'manual', stemp: '19.5', units: 'C' },
      { active: true, temperature: '25.0', units: 'C', time: 120 },
    ]);
    const schemas = [NODE_WRITES.status, NODE_WRITES.status, NODE_WRITES.mode, NODE_WRITES.boost];
    schemas.forEach((write, i) => expect(write.body.safeParse(bodies[i]).success).toBe(true));
  });
});
