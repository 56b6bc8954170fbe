import { Redis } from 'ioredis';
import { ACCESS_TOKEN_LIFETIME_S } from '@hearth/protocol';

/**
 * How stale this process's view of a session may be: a session ended by another process
 * (whose message did not arrive) is refused at most this long after it ended.
 */
export const SESSION_RECHECK_MS = 30_000;
/** Entries kept before the oldest are dropped; a dropped one is simply looked up again. */
const MAX_ENTRIES = 50_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The list of ended sessions that every access-token check consults. A session ended in this
 * process is refused at once; one ended in another process at once when they share Redis
 * (a published message), else after at most SESSION_RECHECK_MS (the database is asked again).
 */
export interface SessionRevocations {
  isEnded(sid: string): Promise<boolean>;
  /** Marks sessions ended here and tells the other processes. */
  end(sids: readonly string[]): Promise<void>;
  /** Hears of sessions ended in any process (to close their realtime sockets). */
  onEnded(listener: (sids: readonly string[]) => void): void;
  /** Resolves once this process hears the others (at once without Redis). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface SessionRevocationsOptions {
  /** The stored truth: false for an ended or unknown session. */
  isLive(sid: string): Promise<boolean>;
  /** Shares ended sessions between processes; in-process only without it. */
  redis?: { url: string; channel: string; onError(err: unknown): void };
  now?: () => number;
}

export function createSessionRevocations(opts: SessionRevocationsOptions): SessionRevocations {
  const now = opts.now ?? Date.now;
  /** Sessions known to have ended, by when; a token cannot outlive its lifetime after that. */
  const ended = new Map<string, number>();
  /** Sessions last found live in the database, by when. */
  const live = new Map<string, number>();
  const pending = new Map<string, Promise<boolean>>();
  const listeners: Array<(sids: readonly string[]) => void> = [];

  function remember(map: Map<string, number>, sid: string, at: number) {
    if (map.size >= MAX_ENTRIES) {
      for (const [key, when] of map) {
        if (
          map === ended
            ? when + ACCESS_TOKEN_LIFETIME_S * 1000 > at
            : when + SESSION_RECHECK_MS > at
        )
          break;
        map.delete(key);
      }
      if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
    }
    map.delete(sid);
    map.set(sid, at);
  }

  function markEnded(sids: readonly string[]) {
    const at = now();
    for (const sid of sids) {
      live.delete(sid);
      remember(ended, sid, at);
    }
    for (const listener of listeners) listener(sids);
  }

  let pub: Redis | undefined;
  let sub: Redis | undefined;
  let subscribed = Promise.resolve();
  const { redis } = opts;
  if (redis) {
    pub = new Redis(redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    sub = new Redis(redis.url, { maxRetriesPerRequest: null });
    // Without listeners ioredis reports every failed reconnect as an unhandled error.
    pub.on('error', redis.onError);
    sub.on('error', redis.onError);
    subscribed = sub.subscribe(redis.channel).then(
      () => undefined,
      (err: unknown) => redis.onError(err),
    );
    sub.on('message', (channel: string, message: string) => {
      if (channel !== redis.channel) return;
      let sids: unknown;
      try {
        sids = JSON.parse(message);
      } catch {
        return;
      }
      if (!Array.isArray(sids)) return;
      markEnded(sids.filter((sid): sid is string => typeof sid === 'string' && UUID.test(sid)));
    });
  }

  return {
    async isEnded(sid) {
      if (ended.has(sid)) return true;
      const checked = live.get(sid);
      if (checked !== undefined && checked + SESSION_RECHECK_MS > now()) return false;
      let lookup = pending.get(sid);
      if (!lookup) {
        lookup = opts.isLive(sid).finally(() => pending.delete(sid));
        pending.set(sid, lookup);
      }
      const isLive = await lookup;
      if (ended.has(sid)) return true;
      if (isLive) remember(live, sid, now());
      // Learnt from the database (a message was lost): its sockets here close too.
      else markEnded([sid]);
      return !isLive;
    },
    async end(sids) {
      if (sids.length === 0) return;
      markEnded(sids);
      // A lost message only delays the other processes until their next look at the database.
      await pub?.publish(redis!.channel, JSON.stringify(sids)).catch(redis!.onError);
    },
    onEnded(listener) {
      listeners.push(listener);
    },
    ready: () => subscribed,
    async close() {
      for (const client of [pub, sub]) {
        if (!client) continue;
        if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
        else client.disconnect();
      }
    },
  };
}
