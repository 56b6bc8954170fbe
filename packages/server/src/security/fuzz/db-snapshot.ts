import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

type Rows = Array<Record<string, unknown>>;
const rowsOf = async (db: Db, query: string): Promise<Rows> =>
  ((await db.execute(sql.raw(query))) as unknown as { rows: Rows }).rows;
const queries = new WeakMap<Db, string>();

/** One query that fingerprints every table of the public schema, its rows in a stable order. */
async function snapshotQuery(db: Db): Promise<string> {
  const known = queries.get(db);
  if (known) return known;
  const tables = await rowsOf(
    db,
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const query = tables
    .map(({ name }) => {
      const table = String(name).replaceAll('"', '""');
      return `SELECT '${table.replaceAll("'", "''")}' AS name, md5(coalesce(string_agg(row_to_json(r)::text, E'\\n' ORDER BY row_to_json(r)::text), '')) AS digest FROM "${table}" r`;
    })
    .join(' UNION ALL ');
  queries.set(db, query);
  return query;
}

/**
 * A fingerprint of everything stored. Two equal snapshots mean that no row was added,
 * removed or changed in between.
 */
export async function dbSnapshot(db: Db): Promise<Record<string, string>> {
  const rows = await rowsOf(db, await snapshotQuery(db));
  return Object.fromEntries(rows.map((r) => [String(r.name), String(r.digest)]));
}
