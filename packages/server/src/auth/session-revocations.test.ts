import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSessionRevocations,
  SESSION_RECHECK_MS,
  type SessionRevocations,
} from './session-revocations';

/** The stored sessions that several processes share (the database). */
function storedSessions() {
  const ended = new Set<string>();
  let lookups = 0;
  return {
    ended,
    get lookups() {
      return lookups;
    },
    isLive: async (sid: string) => {
      lookups += 1;
      return !ended.has(sid);
    },
  };
}

const opened: SessionRevocations[] = [];
afterEach(async () => {
  for (const r of opened.splice(0)) await r.close();
});

describe('session revocation list', () => {
  it('refuses a session ended here at once, and tells the listeners', async () => {
    const db = storedSessions();
    const list = createSessionRevocations({ isLive: db.isLive });
    const heard: string[] = [];
    list.onEnded((sids) => heard.push(...sids));
    const sid = randomUUID();
    expect(await list.isEnded(sid)).toBe(false);
    db.ended.add(sid);
    await list.end([sid]);
    expect(await list.isEnded(sid)).toBe(true);
    expect(heard).toEqual([sid]);
  });

  it('refuses a session ended by another process without Redis within the recheck time', async () => {
    const db = storedSessions();
    let clock = 1_000_000;
    const here = createSessionRevocations({ isLive: db.isLive, now: () => clock });
    const heard: string[] = [];
    here.onEnded((sids) => heard.push(...sids));
    const sid = randomUUID();
    expect(await here.isEnded(sid)).toBe(false);
    // Another process ends the session in the database; this one has not heard.
    db.ended.add(sid);
    clock += SESSION_RECHECK_MS;
    expect(SESSION_RECHECK_MS).toBeLessThanOrEqual(60_000);
    expect(await here.isEnded(sid)).toBe(true);
    // Its sockets in this process are closed as well.
    expect(heard).toEqual([sid]);
  });

  it('asks the database once per session and recheck time, not on every request', async () => {
    const db = storedSessions();
    let clock = 1_000_000;
    const list = createSessionRevocations({ isLive: db.isLive, now: () => clock });
    const sid = randomUUID();
    await Promise.all(Array.from({ length: 20 }, () => list.isEnded(sid)));
    expect(db.lookups).toBe(1);
    clock += SESSION_RECHECK_MS;
    await list.isEnded(sid);
    expect(db.lookups).toBe(2);
  });

  it('refuses a session whose account is gone (no stored row)', async () => {
    const list = createSessionRevocations({ isLive: async () => false });
    expect(await list.isEnded(randomUUID())).toBe(true);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('session revocation list on Redis', () => {
  it('reaches a second process at once, long before the recheck time', async () => {
    const url = process.env.TEST_REDIS_URL ?? '';
    const channel = `hearth:test:sessions:${randomUUID()}`;
    const db = storedSessions();
    // The clock stands still: only the published message can tell the second process.
    const now = () => 1_000_000;
    const redis = { url, channel, onError: () => undefined };
    const first = createSessionRevocations({ isLive: db.isLive, now, redis });
    const second = createSessionRevocations({ isLive: db.isLive, now, redis });
    const elsewhere = createSessionRevocations({
      isLive: db.isLive,
      now,
      redis: { ...redis, channel: `${channel}:other` },
    });
    opened.push(first, second, elsewhere);
    await Promise.all([first.ready(), second.ready(), elsewhere.ready()]);
    const heard: string[] = [];
    second.onEnded((sids) => heard.push(...sids));
    const heardElsewhere: string[] = [];
    elsewhere.onEnded((sids) => heardElsewhere.push(...sids));
    const sid = randomUUID();
    expect(await second.isEnded(sid)).toBe(false);
    db.ended.add(sid);
    await first.end([sid]);
    await expect.poll(() => second.isEnded(sid)).toBe(true);
    expect(heard).toEqual([sid]);
    // Another installation on the same Redis hears nothing.
    expect(heardElsewhere).toEqual([]);
  });
});
