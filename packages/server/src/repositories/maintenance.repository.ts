import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Empties every table; tests reset one database between cases instead of opening a new one. */
export async function truncateAll(db: Db): Promise<void> {
  await db.execute(
    sql.raw(
      'TRUNCATE TABLE samples, commands, nodes, dev_state, devs, guests, groups, refresh_tokens, sessions, users RESTART IDENTITY CASCADE',
    ),
  );
}
