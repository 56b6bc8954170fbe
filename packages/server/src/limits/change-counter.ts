import { Redis } from 'ioredis';

const HOUR_MS = 3_600_000;

/** Counts one user's changes in the current clock hour; shared by every process when on Redis. */
export interface ChangeCounter {
  /** Adds one change and answers how many the user has made in this hour, this one included. */
  hit(userId: string, nowMs: number): Promise<number>;
  close(): Promise<void>;
}

export function createMemoryChangeCounter(): ChangeCounter {
  const counts = new Map<string, { hour: number; count: number }>();
  return {
    async hit(userId, nowMs) {
      const hour = Math.floor(nowMs / HOUR_MS);
      const entry = counts.get(userId);
      if (!entry || entry.hour !== hour) {
        // Dropping other users' stale windows here keeps the map from growing forever.
        if (counts.size > 10_000) {
          for (const [key, value] of counts) if (value.hour !== hour) counts.delete(key);
        }
        counts.set(userId, { hour, count: 1 });
        return 1;
      }
      entry.count += 1;
      return entry.count;
    },
    async close() {
      counts.clear();
    },
  };
}

export function createRedisChangeCounter(url: string): ChangeCounter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async hit(userId, nowMs) {
      const hour = Math.floor(nowMs / HOUR_MS);
      const key = `hearth:changes:${userId}:${hour}`;
      const [[incrErr, count] = [null, 0]] =
        (await redis
          .multi()
          .incr(key)
          .pexpire(key, HOUR_MS * 2)
          .exec()) ?? [];
      if (incrErr) throw incrErr;
      return Number(count);
    },
    async close() {
      await redis.quit();
    },
  };
}
