import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { openDatabase, type Db, type DbHandle } from './client';

async function setting(db: Db): Promise<string> {
  const result = await db.execute(sql`SHOW synchronous_commit`);
  return (result as unknown as { rows: { synchronous_commit: string }[] }).rows[0]!
    .synchronous_commit;
}

async function admin(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL handles', () => {
  const name = `hearth_test_client_${randomBytes(5).toString('hex')}`;
  let handle: DbHandle;
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = `/${name}`;
    handle = await openDatabase({ kind: 'postgres', url: url.toString() }, createLogger('silent'));
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
