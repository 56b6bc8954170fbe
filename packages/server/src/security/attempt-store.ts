import { Redis } from 'ioredis';

/** Where one key's attempts in the current window stand. */
export interface AttemptCount {
  count: number;
  /** Milliseconds until the window closes and the count starts again. */
  resetInMs: number;
}

/**
 * Fixed-window attempt counters keyed by account or client address; shared by every
 * process when on Redis, so a guesser gains nothing by spreading over processes.
 */
export interface AttemptStore {
  /** Adds one attempt and answers the count in this window, this one included. */
  hit(key: string, windowMs: number): Promise<AttemptCount>;
  /** Where the key stands, without adding an attempt (0 when it has none in this window). */
  peek(key: string): Promise<AttemptCount>;
  /** Gives one attempt back (a request that turned out legitimate). */
  refund(key: string): Promise<void>;
  /** Forgets the key (an account whose owner just proved the password). */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

const MEMORY_PRUNE_ABOVE = 10_000;

export function createMemoryAttemptStore(now: () => number = Date.now): AttemptStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const prune = (at: number) => {
    for (const [key, value] of windows) if (value.resetAt <= at) windows.delete(key);
  };
  return {
    async hit(key, windowMs) {
      const at = now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= at) {
        if (windows.size > MEMORY_PRUNE_ABOVE) prune(at);
        entry = { count: 0, resetAt: at + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.resetAt - at };
    },
    async peek(key) {
      const at = now();
      const entry = windows.get(key);
      if (!entry || entry.resetAt <= at) return { count: 0, resetInMs: 0 };
      return { count: entry.count, resetInMs: entry.resetAt - at };
    },
    async refund(key) {
      const entry = windows.get(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async clear(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

// Decrements only a live key above zero: a plain DECR on an expired key would leave -1 forever.
const REFUND_SCRIPT = `local v = redis.call('GET', KEYS[1])
if v and tonumber(v) > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Counts on Redis under `prefix`. When Redis is unreachable each process counts on its own
 * rather than refusing every sign-in: the throttle weakens, the service stays up.
 */
export function createRedisAttemptStore(
  url: string,
  prefix: string,
  onError: (err: unknown) => void = () => {},
): AttemptStore & { ready(): Promise<void> } {
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  // Without a listener ioredis reports every failed reconnect as an unhandled error.
  redis.on('error', onError);
  const local = createMemoryAttemptStore();
  const full = (key: string) => `${prefix}${key}`;
  return {
    /** Resolves once connected; until then (and while Redis is down) counts stay local. */
    ready: () =>
      redis.status === 'ready'
        ? Promise.resolve()
        : new Promise<void>((resolve) => redis.once('ready', () => resolve())),
    async hit(key, windowMs) {
      const k = full(key);
      try {
        const replies = await redis
          .multi()
          .set(k, '0', 'PX', windowMs, 'NX')
          .incr(k)
          .pttl(k)
          .exec();
        const [, [incrErr, count] = [null, 0], [ttlErr, ttl] = [null, windowMs]] = replies ?? [];
        if (incrErr) throw incrErr;
        if (ttlErr) throw ttlErr;
        return { count: Number(count), resetInMs: Math.max(Number(ttl), 0) };
      } catch (err) {
        onError(err);
        return local.hit(key, windowMs);
      }
    },
    async peek(key) {
      try {
        const [count, ttl] = await Promise.all([redis.get(full(key)), redis.pttl(full(key))]);
        return { count: Number(count ?? 0), resetInMs: Math.max(ttl, 0) };
      } catch (err) {
        onError(err);
        return local.peek(key);
      }
    },
    async refund(key) {
      try {
        await redis.eval(REFUND_SCRIPT, 1, full(key));
      } catch (err) {
        onError(err);
        await local.refund(key);
      }
    },
    async clear(key) {
      try {
        await redis.del(full(key));
      } catch (err) {
        onError(err);
      }
      await local.clear(key);
    },
    async close() {
      await local.close();
      redis.disconnect();
    },
  };
}
