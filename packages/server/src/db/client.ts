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
  /** The PostgreSQL pools' connections now (for /metrics); none with PGlite. */
  pools(): PoolStats[];
  close(): Promise<void>;
}

export interface PoolStats {
  pool: string;
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

function statsOf(pool: string, p: pg.Pool, max: number): PoolStats {
  return { pool, total: p.totalCount, idle: p.idleCount, waiting: p.waitingCount, max };
}

/** PostgreSQL connections of the main pool (requests, commands, samples). */
const MAIN_POOL_SIZE = 10;

/** PostgreSQL connections the `reports` handle may open, beside the main pool's. */
export const REPORTS_POOL_SIZE = 4;

const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Key of the PostgreSQL advisory lock under which one process at a time migrates ("hrth"). */
export const MIGRATION_LOCK_KEY = 0x68727468;

/**
 * Brings the schema up to date with the other processes of a deployment kept waiting: several
 * processes starting together on a new database (a Kubernetes Deployment, a compose file)
 * would otherwise each create the same tables, and all but one fail on duplicate catalog rows.
 * Everything runs in one transaction on one connection, holding a transaction-level advisory
 * lock: the lock ends with the transaction, whether it commits, fails or its process dies, and
 * a pooler in transaction mode (PgBouncer) keeps the whole of it on one server connection.
 * The migrator opens and commits a transaction of its own; PostgreSQL takes that BEGIN as a
 * warning inside ours, and its COMMIT (or ROLLBACK) ends ours, lock included. The processes
 * that waited then find nothing left to apply.
 */
async function migrateAlone(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    // Already committed by the migrator; should a version not open one, this commits ours.
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/** Opens the database and brings its schema up to date before anything else touches it. */
export async function openDatabase(database: Database, log: Logger): Promise<DbHandle> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: MAIN_POOL_SIZE });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool opens a new one for the next query.
    pool.on('error', (err) => log.warn({ err: err.message }, 'idle PostgreSQL connection lost'));
    await migrateAlone(database.url);
    const db = drizzlePg(pool, { schema });
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
      pools: () => [
        statsOf('main', pool, MAIN_POOL_SIZE),
        statsOf('reports', reportsPool, REPORTS_POOL_SIZE),
      ],
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
  return {
    db: db as unknown as Db,
    reports: db as unknown as Db,
    pools: () => [],
    close: () => client.close(),
  };
}
