import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

const HOUR_MS = 3_600_000;
/** How long a request waits for Redis while the connection is being opened. */
const CONNECT_WAIT_MS = 1_000;

/** At most `max` events per key in any sliding hour; shared by every process when on Redis. */
export interface HourlyLimit {
  /** Takes one event for the key: false (and nothing taken) once `max` were taken in the last hour. */
  take(key: string): Promise<boolean>;
  close(): Promise<void>;
}

export function createMemoryHourlyLimit(max: number, now: () => number = Date.now): HourlyLimit {
  const seen = new Map<string, number[]>();
  return {
    async take(key) {
      const t = now();
      const recent = (seen.get(key) ?? []).filter((at) => t - at < HOUR_MS);
      if (recent.length >= max) {
        seen.set(key, recent);
        return false;
      }
      recent.push(t);
      seen.set(key, recent);
      return true;
    },
    async close() {
      seen.clear();
    },
  };
}

/**
 * Drops the events older than an hour, refuses at the cap, else records this one: one script,
 * so two processes taking the last slot at the same moment cannot both get it.
 */
const TAKE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/**
 * The same limit kept in Redis (a sorted set of event times per key), so every server process
 * counts against one allowance. When Redis cannot be reached the process counts on its own
 * (as the change cap does), rather than refusing the user's request.
 */
export function createRedisHourlyLimit(
  url: string,
  opts: { max: number; prefix: string; onError?: (err: unknown) => void; now?: () => number },
): HourlyLimit {
  const now = opts.now ?? Date.now;
  const onError = opts.onError ?? (() => undefined);
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  redis.on('error', onError);
  const local = createMemoryHourlyLimit(opts.max, now);
  /** A first request right after start waits for the connection instead of counting alone. */
  const connecting = () =>
    redis.status === 'connecting' || redis.status === 'connect' || redis.status === 'wait';
  const ready = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        redis.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, CONNECT_WAIT_MS);
      redis.once('ready', done);
    });
  return {
    async take(key) {
      if (connecting()) await ready();
      const t = now();
      try {
        const member = `${t}:${randomBytes(6).toString('hex')}`;
        const taken = await redis.eval(
          TAKE_SCRIPT,
          1,
          `${opts.prefix}:${key}`,
          String(t),
          String(HOUR_MS),
          String(opts.max),
          member,
        );
        return Number(taken) === 1;
      } catch (err) {
        onError(err);
        return local.take(key);
      }
    },
    async close() {
      await local.close();
      redis.disconnect();
    },
  };
}

/** Redis when a URL is given (several processes), else this process's memory. */
export function createHourlyLimit(
  max: number,
  opts: { redisUrl?: string | undefined; prefix: string; onError?: (err: unknown) => void },
): HourlyLimit {
  return opts.redisUrl
    ? createRedisHourlyLimit(opts.redisUrl, { max, prefix: opts.prefix, onError: opts.onError })
    : createMemoryHourlyLimit(max);
}
