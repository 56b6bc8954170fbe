import { PGlite } from '@electric-sql/pglite';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { BackupError } from './backup-error';
import type { DatabaseTarget } from './cli';
import { DATABASE_DIR } from './embedded-backup';

/**
 * The database for an operator's command, as it is: never migrated (the servers do that), and
 * the embedded one only while no server holds it (ask the server's admin socket first).
 */
export async function withDatabase<T>(
  target: DatabaseTarget,
  use: (db: Db) => Promise<T>,
): Promise<T> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 2 });
    try {
      return await use(drizzlePg(pool, { schema }) as unknown as Db);
    } finally {
      await pool.end();
    }
  }
  const dir = join(target.dataDir, DATABASE_DIR);
  if (!(await stat(join(dir, 'PG_VERSION')).catch(() => undefined)))
    throw new BackupError(`${target.dataDir} holds no embedded database (no ${dir})`);
  const client = await PGlite.create(dir);
  try {
    return await use(drizzlePglite(client, { schema }) as unknown as Db);
  } finally {
    await client.close();
  }
}
