import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisService, type OwnService } from '../cluster/fault-services';
import { createMemoryHourlyLimit, createRedisHourlyLimit, type HourlyLimit } from './hourly-window';

const HOUR_MS = 3_600_000;

describe('memory hourly limit', () => {
  it('allows max events per key in a sliding hour', async () => {
    let now = 1_000 * HOUR_MS;
    const limit = createMemoryHourlyLimit(2, () => now);
    expect(await limit.take('home')).toBe(true);
    now += 30 * 60_000;
    expect(await limit.take('home')).toBe(true);
    expect(await limit.take('home')).toBe(false);
    expect(await limit.take('other')).toBe(true);
    // The first event leaves the window an hour after it was taken, not at the clock hour.
    now += 30 * 60_000;
    expect(await limit.take('home')).toBe(true);
    expect(await limit.take('home')).toBe(false);
  });
});

// With the service-backed tests (npm run test:services), like the other Redis tests; the
// test runs a Redis of its own so that it can stop it.
describe.runIf(process.env.TEST_REDIS_URL)('Redis hourly limit', () => {
  let redis: OwnService;
  const open: HourlyLimit[] = [];
  beforeAll(async () => {
    redis = await redisService();
    await redis.start();
  });
  afterAll(async () => {
    for (const l of open) await l.close();
    await redis.dispose();
  });

  it('is one allowance for every process sharing the Redis, and counts locally while Redis is down', async () => {
    let now = 2_000 * HOUR_MS;
    const processOf = () => {
      const limit = createRedisHourlyLimit(redis.url, {
        max: 3,
        prefix: `test:${Math.random()}`,
        now: () => now,
      });
      open.push(limit);
      return limit;
    };
    const prefix = `test:${Date.now()}`;
    const [a, b] = [0, 1].map(() => {
      const limit = createRedisHourlyLimit(redis.url, { max: 3, prefix, now: () => now });
      open.push(limit);
      return limit;
    });
    if (!a || !b) throw new Error('no limits');
    expect(await a.take('home-1')).toBe(true);
    expect(await b.take('home-1')).toBe(true);
    expect(await a.take('home-1')).toBe(true);
    // The fourth in the hour is refused in both processes; another home is counted apart.
    expect(await b.take('home-1')).toBe(false);
    expect(await a.take('home-1')).toBe(false);
    expect(await b.take('home-2')).toBe(true);
    now += HOUR_MS;
    expect(await b.take('home-1')).toBe(true);
    // Another prefix (another limit) shares nothing.
    expect(await processOf().take('home-1')).toBe(true);

    await redis.stop();
    const errors: unknown[] = [];
    const offline = createRedisHourlyLimit(redis.url, {
      max: 1,
      prefix,
      now: () => now,
      onError: (err) => errors.push(err),
    });
    open.push(offline);
    expect(await offline.take('home-3')).toBe(true);
    expect(await offline.take('home-3')).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
    await redis.start();
  });
});
