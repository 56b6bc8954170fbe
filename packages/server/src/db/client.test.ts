import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { MIGRATION_LOCK_KEY, openDatabase, type Db, type DbHandle } from './client';

async function setting(db: Db): Promise<string> {
  const result = await db.execute(sql`SHOW synchronous_commit`);
  return (result as unknown as { rows: { synchronous_commit: string }[] }).rows[0]!
    .synchronous_commit;
}

async function admin(text: string, url = process.env.TEST_DATABASE_URL): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL handles', () => {
  const name = `hearth_test_client_${randomBytes(5).toString('hex')}`;
  let handle: DbHandle;
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    handle = await openDatabase(
      { kind: 'postgres', url: databaseUrl(name) },
      createLogger('silent'),
    );
  });
  afterAll(async () => {
    await handle?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('commits durably on the main handle and without waiting for the disk on the reports one', async () => {
    expect(await setting(handle.db)).toBe('on');
    expect(await setting(handle.reports)).toBe('off');
  });

  it('shows what one handle committed to the other at once', async () => {
    await handle.reports.execute(sql`CREATE TABLE probe (n int)`);
    await handle.reports.execute(sql`INSERT INTO probe VALUES (7)`);
    const result = await handle.db.execute(sql`SELECT n FROM probe`);
    expect((result as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 7 }]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'several processes starting on a new database',
  () => {
    const name = `hearth_test_migrate_${randomBytes(5).toString('hex')}`;
    const handles: DbHandle[] = [];
    beforeAll(() => admin(`CREATE DATABASE ${name}`));
    afterAll(async () => {
      await Promise.all(handles.map((h) => h.close()));
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    it('migrate it once, one after another, and leave no lock behind', async () => {
      const journal = JSON.parse(
        readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
      ) as { entries: unknown[] };
      // Four pools opened at once, as four replicas of a Deployment would (without the lock,
      // all but one failed on a duplicate type of the first CREATE TABLE).
      const opened = await Promise.allSettled(
        Array.from({ length: 4 }, () =>
          openDatabase({ kind: 'postgres', url: databaseUrl(name) }, createLogger('silent')),
        ),
      );
      for (const o of opened) if (o.status === 'fulfilled') handles.push(o.value);
      expect(opened.map((o) => o.status)).toEqual(Array(4).fill('fulfilled'));
      const applied = await admin(
        'SELECT hash FROM drizzle.__drizzle_migrations',
        databaseUrl(name),
      );
      expect(applied.rowCount).toBe(journal.entries.length);
      const locks = await admin(
        `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = ${MIGRATION_LOCK_KEY}`,
        databaseUrl(name),
      );
      expect(locks.rows[0]).toEqual({ n: 0 });
    });
  },
);
