import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createMemoryAttemptStore,
  createRedisAttemptStore,
  type AttemptStore,
} from './attempt-store';

const WINDOW_MS = 60_000;

async function countsAndRefunds(a: AttemptStore, b: AttemptStore): Promise<void> {
  expect(await a.peek('k')).toEqual({ count: 0, resetInMs: 0 });
  expect(await a.hit('k', WINDOW_MS)).toMatchObject({ count: 1 });
  // Looking does not count.
  expect((await b.peek('k')).count).toBe(1);
  expect((await b.peek('k')).resetInMs).toBeGreaterThan(0);
  const second = await b.hit('k', WINDOW_MS);
  expect(second.count).toBe(2);
  expect(second.resetInMs).toBeGreaterThan(0);
  expect(second.resetInMs).toBeLessThanOrEqual(WINDOW_MS);
  await a.refund('k');
  expect((await b.hit('k', WINDOW_MS)).count).toBe(2);
  await b.clear('k');
  expect((await a.hit('k', WINDOW_MS)).count).toBe(1);
  // A refund never takes a key below zero, so it cannot bank attempts for later.
  await a.clear('k');
  await a.refund('k');
  await a.refund('k');
  expect((await b.hit('k', WINDOW_MS)).count).toBe(1);
}

describe('memory attempt store', () => {
  it('counts, refunds and clears per key, and starts again when the window closes', async () => {
    let now = 1_000_000;
    const store = createMemoryAttemptStore(() => now);
    await countsAndRefunds(store, store);
    expect((await store.hit('other', WINDOW_MS)).count).toBe(1);
    now += WINDOW_MS;
    expect(await store.hit('k', WINDOW_MS)).toEqual({ count: 1, resetInMs: WINDOW_MS });
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('Redis attempt store', () => {
  it('shares one count between processes under one prefix, and none across prefixes', async () => {
    const url = process.env.TEST_REDIS_URL ?? '';
    const prefix = `hearth:test:${randomBytes(4).toString('hex')}:`;
    const a = createRedisAttemptStore(url, prefix);
    const b = createRedisAttemptStore(url, prefix);
    const elsewhere = createRedisAttemptStore(url, `${prefix}other:`);
    try {
      await Promise.all([a.ready(), b.ready(), elsewhere.ready()]);
      await countsAndRefunds(a, b);
      expect((await elsewhere.hit('k', WINDOW_MS)).count).toBe(1);
    } finally {
      await a.clear('k');
      await elsewhere.clear('k');
      await Promise.all([a.close(), b.close(), elsewhere.close()]);
    }
  });
});

describe('Redis attempt store without Redis', () => {
  it('counts in the process when Redis cannot be reached', async () => {
    const store = createRedisAttemptStore('redis://127.0.0.1:1', 'hearth:test:down:');
    try {
      expect((await store.hit('k', WINDOW_MS)).count).toBe(1);
      expect((await store.hit('k', WINDOW_MS)).count).toBe(2);
    } finally {
      await store.close();
    }
  });
});
