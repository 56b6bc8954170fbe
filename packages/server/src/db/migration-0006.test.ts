import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

// Migration 0006 binds refresh tokens to their OAuth client. Tokens already issued: those of a
// sign-in an assistant linked through a code take the code's client; the others (the app's
// password grant) stay without one, which the token endpoint reads as the app's.
const folder = fileURLToPath(new URL('../../drizzle', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'hearth-migrations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The migrations folder as it was before `tag`. */
function folderBefore(tag: string): string {
  const dir = join(work, 'before');
  cpSync(folder, dir, { recursive: true });
  const path = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(path, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(path, JSON.stringify(journal));
  return dir;
}

describe('migration 0006', () => {
  it("gives linked sign-ins' refresh tokens their assistant and leaves the app's without one", async () => {
    const client = new PGlite();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: folderBefore('0006_client_bound_refresh_tokens') });
      await client.exec(`
        INSERT INTO users (id, email, password_hash, serial_id)
        VALUES ('00000000-0000-4000-8000-000000000001', 'me@example.com', 'x', '01.01');
        INSERT INTO sessions (id, user_id) VALUES
          ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001'),
          ('00000000-0000-4000-8000-0000000000b2', '00000000-0000-4000-8000-000000000001');
        INSERT INTO refresh_tokens (user_id, family, token_hash, scope, expires_at) VALUES
          ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1',
           'app-1', 'user', now() + interval '1 day'),
          ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000b2',
           'linked-1', 'user:read', now() + interval '1 day'),
          ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000b2',
           'linked-2', 'user:read', now() + interval '1 day');
        INSERT INTO account_codes (user_id, purpose, code_hash, data, expires_at) VALUES
          ('00000000-0000-4000-8000-000000000001', 'authorization_code', 'code-1',
           '{"clientId":"assistant","redirectUri":"https://a.example/cb","scope":"user:read","sid":"00000000-0000-4000-8000-0000000000b2"}',
           now()),
          ('00000000-0000-4000-8000-000000000001', 'password_reset', 'code-2',
           '{"sid":"00000000-0000-4000-8000-0000000000a1","clientId":"mail"}', now());
      `);
      await migrate(db, { migrationsFolder: folder });
      const rows = await db.execute(
        sql`SELECT token_hash, client_id FROM refresh_tokens ORDER BY token_hash`,
      );
      expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
        { token_hash: 'app-1', client_id: null },
        { token_hash: 'linked-1', client_id: 'assistant' },
        { token_hash: 'linked-2', client_id: 'assistant' },
      ]);
    } finally {
      await client.close();
    }
  });
});
