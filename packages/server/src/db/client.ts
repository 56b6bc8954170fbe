import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from '../config';
import type { Logger } from '../logger';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query API shared by the PGlite and node-postgres drivers. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  /**
   * For the state gateways report (node and device objects, the node list, online state):
   * its commits do not wait for the write-ahead log to reach the disk. Every report restates
   * the whole object, so a PostgreSQL crash can at worst lose the last fraction of a second of
   * them until the gateways' next reports; what a user's request stores (commands, accounts,
   * homes) and the samples history go through `db`, whose commits are durable.
   */
  reports: Db;
  close(): Promise<void>;
}

/** PostgreSQL connections the `reports` handle may open, beside the main pool's. */
export const REPORTS_POOL_SIZE = 4;

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Opens the database and brings its schema up to date before anything else touches it. */
export async function openDatabase(database: Database, log: Logger): Promise<DbHandle> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool opens a new one for the next query.
    pool.on('error', (err) => log.warn({ err: err.message }, 'idle PostgreSQL connection lost'));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    const reportsPool = new pg.Pool({
      connectionString: database.url,
      max: REPORTS_POOL_SIZE,
      options: '-c synchronous_commit=off',
    });
    reportsPool.on('error', (err) =>
      log.warn({ err: err.message }, 'idle PostgreSQL connection lost'),
    );
    const reports = drizzlePg(reportsPool, { schema });
    return {
      db: db as unknown as Db,
      reports: reports as unknown as Db,
      close: async () => {
        await Promise.all([pool.end(), reportsPool.end()]);
      },
    };
  }
  if (database.dataDir) mkdirSync(database.dataDir, { recursive: true });
  const client = new PGlite(database.dataDir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // One embedded database, written by this process alone: nothing to relax.
  return { db: db as unknown as Db, reports: db as unknown as Db, close: () => client.close() };
}
