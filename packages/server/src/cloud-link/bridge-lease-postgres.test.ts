import pg from 'pg';
import { afterEach, describe, expect, test } from 'vitest';
import { BRIDGE_LOCK_KEY, openPgLockSession, type LockSession } from './bridge-lease';

// The bridges' lock on a real PostgreSQL (`npm run test:services`): one session of a
// deployment holds it; another gets it once the first is closed or its connection dies.
const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('the bridges’ lock on PostgreSQL', () => {
  const sessions: LockSession[] = [];
  const open = async () => {
    const session = await openPgLockSession(url ?? '');
    sessions.push(session);
    return session;
  };
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((s) => s.close()));
  });

  test('one session holds it; another gets it when the first is closed', async () => {
    const first = await open();
    const second = await open();
    expect(await first.tryLock()).toBe(true);
    expect(await first.tryLock()).toBe(true);
    expect(await second.tryLock()).toBe(false);
    await first.close();
    expect(await second.tryLock()).toBe(true);
  });

  test('a session whose connection dies says so, and its lock goes to another', async () => {
    const first = await open();
    const second = await open();
    expect(await first.tryLock()).toBe(true);
    const lost = new Promise<void>((resolve) => first.onLost(resolve));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // The backend holding the advisory lock is ended, as when its process dies.
      const ended = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks
          WHERE locktype = 'advisory' AND granted AND objid = $1`,
        [BRIDGE_LOCK_KEY],
      );
      expect(ended.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await lost;
    expect(await second.tryLock()).toBe(true);
  });
});
