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

/**
 * Counts on Redis so every process shares one cap. When Redis is unreachable the cap falls
 * back to this process's own count rather than refusing the user's change: a write must
 * not fail because the counter's store is down.
 */
export function createRedisChangeCounter(
  url: string,
  onError: (err: unknown) => void = () => {},
): ChangeCounter {
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  // Without a listener ioredis reports every failed reconnect as an unhandled error.
  redis.on('error', onError);
  const local = createMemoryChangeCounter();
  return {
    async hit(userId, nowMs) {
      const hour = Math.floor(nowMs / HOUR_MS);
      const key = `hearth:changes:${userId}:${hour}`;
      try {
        const [[incrErr, count] = [null, 0]] =
          (await redis
            .multi()
            .incr(key)
            .pexpire(key, HOUR_MS * 2)
            .exec()) ?? [];
        if (incrErr) throw incrErr;
        return Number(count);
      } catch (err) {
        onError(err);
        return local.hit(userId, nowMs);
      }
    },
    async close() {
      await local.close();
      redis.disconnect();
    },
  };
}
