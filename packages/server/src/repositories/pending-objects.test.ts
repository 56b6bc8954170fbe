import { PGlite } from '@electric-sql/pglite';
import { devicePathOf, NODE_WRITE_ACTIONS, NODE_WRITES, nodeCommandPath } from '@hearth/protocol';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingObjectPath, pendingObjectPathSql } from './pending-objects';

let pg: PGlite;
beforeAll(async () => {
  pg = new PGlite();
  await pg.waitReady;
});
afterAll(() => pg.close());

/** What PostgreSQL makes of a command path with the SQL form. */
async function inSql(commandPath: string): Promise<string | null> {
  const expression = new PgDialect().sqlToQuery(pendingObjectPathSql('path')).sql;
  const result = await pg.query<{ p: string | null }>(
    `SELECT ${expression} AS p FROM (VALUES ($1::text)) AS c(path)`,
    [commandPath],
  );
  return result.rows[0]?.p ?? null;
}

describe('the object a command holds pending', () => {
  it('is the one protocol’s node write table names, in JavaScript and in SQL alike', async () => {
    for (const action of NODE_WRITE_ACTIONS) {
      const commandPath = nodeCommandPath({ type: 'acm', addr: 12 }, action);
      const pending = NODE_WRITES[action].pending;
      const expected = pending === null ? undefined : `/acm/12/${pending}`;
      const inJs = pendingObjectPath(commandPath);
      expect(inJs && devicePathOf(inJs), action).toBe(expected);
      expect(await inSql(commandPath), action).toBe(expected ?? null);
    }
  });

  it('is none for a path that is no node write', async () => {
    for (const path of ['/htr/2/statusx', '/htr/x/mode', '/mgr/away_status', '/htr/2/mode/1']) {
      expect(pendingObjectPath(path), path).toBeUndefined();
      expect(await inSql(path), path).toBeNull();
    }
  });
});
