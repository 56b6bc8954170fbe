import { execFile, spawn } from 'node:child_process';
import { open, rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { BackupError } from './backup-error';

/**
 * PostgreSQL installations are backed up with PostgreSQL's own tools, as an operator expects:
 * `pg_dump --format=custom` reads the whole database in one snapshot (a single repeatable-read
 * transaction), so the copy is consistent while every server process goes on writing, and
 * `pg_restore` loads it into an empty database in one transaction.
 */
const run = promisify(execFile);

/** The custom-format archive pg_dump writes starts with these bytes. */
export const PG_DUMP_MAGIC = 'PGDMP';

/** The tools come from Debian's postgresql-client (scripts/ensure-pg-client.mjs installs it). */
export function pgToolPath(tool: 'pg_dump' | 'pg_restore'): string {
  const dir = process.env.PG_BIN_DIR;
  return dir ? `${dir.replace(/\/+$/, '')}/${tool}` : tool;
}

/** The connection without its password, which goes in PGPASSWORD (not on a command line `ps` shows). */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

async function toolMajor(tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  let out: string;
  try {
    out = (await run(pgToolPath(tool), ['--version'])).stdout;
  } catch {
    throw new BackupError(
      `${tool} is not installed: install PostgreSQL's client tools (Debian: apt-get install postgresql-client, or node scripts/ensure-pg-client.mjs), or set PG_BIN_DIR to their folder`,
    );
  }
  const major = /(\d+)(?:\.\d+)?/.exec(out)?.[1];
  if (!major) throw new BackupError(`Could not read the version of ${tool} from "${out.trim()}"`);
  return Number(major);
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Could not connect to the database: ${(err as Error).message}`);
  }
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function serverMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ v: string }>(
    `SELECT current_setting('server_version_num') AS v`,
  );
  return Math.floor(Number(rows[0]?.v) / 10000);
}

/** pg_dump and pg_restore refuse (or misread) a server newer than themselves. */
async function checkTool(tool: 'pg_dump' | 'pg_restore', client: pg.Client): Promise<void> {
  const [mine, theirs] = await Promise.all([toolMajor(tool), serverMajor(client)]);
  if (mine < theirs)
    throw new BackupError(
      `${tool} ${mine} cannot work with PostgreSQL ${theirs}: install postgresql-client-${theirs} (or later) and set PG_BIN_DIR to its folder (/usr/lib/postgresql/${theirs}/bin)`,
    );
}

function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((done, fail) => {
    const child = spawn(pgToolPath(tool), args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', fail);
    child.on('close', (code) => {
      if (code === 0) done();
      else fail(new BackupError(`${tool} failed (exit code ${code}): ${stderr.trim()}`));
    });
  });
}

/** Dumps the database at `url` into `out` (custom format), consistent while the servers write. */
export async function backupPostgres(opts: { url: string; out: string }): Promise<void> {
  const out = resolve(opts.out);
  await withClient(opts.url, (client) => checkTool('pg_dump', client));
  const { dbname, env } = connection(opts.url);
  const partial = `${out}.partial`;
  try {
    await runTool('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], env);
    await rename(partial, out);
  } finally {
    await rm(partial, { force: true });
  }
}

/** Tables, views, sequences and the like outside PostgreSQL's own schemas. */
async function relationsIn(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
        AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname NOT LIKE 'pg\\_%'
      ORDER BY 1 LIMIT 4`,
  );
  return rows.map((r) => r.name);
}

/**
 * Restores a pg_dump archive into the empty database at `url`, in one transaction: it is loaded
 * whole or not at all. A database holding any table is refused before anything is written.
 */
export async function restorePostgres(opts: { url: string; input: string }): Promise<void> {
  const input = resolve(opts.input);
  await withClient(opts.url, async (client) => {
    const held = await relationsIn(client);
    if (held.length > 0)
      throw new BackupError(
        `The target database is not empty (it holds ${held.slice(0, 3).join(', ')}${held.length > 3 ? ', …' : ''}): restore only into a new, empty database; nothing was changed`,
      );
    await checkTool('pg_restore', client);
  });
  const { dbname, env } = connection(opts.url);
  await runTool(
    'pg_restore',
    // The objects belong to whoever restores (the servers' role), whatever role made the dump.
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${dbname}`,
      input,
    ],
    env,
  );
}

/** What kind of backup a file is, by its first bytes. */
export async function backupKind(file: string): Promise<'postgres' | 'embedded' | 'unknown'> {
  const handle = await open(resolve(file), 'r').catch((err: NodeJS.ErrnoException) => {
    throw new BackupError(
      err.code === 'ENOENT' ? `${file} does not exist` : `Cannot read ${file}: ${err.message}`,
    );
  });
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === PG_DUMP_MAGIC) return 'postgres';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
    return 'unknown';
  } finally {
    await handle.close();
  }
}
