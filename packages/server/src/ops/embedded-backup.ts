import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import {
  cp,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { create as tarCreate, extract as tarExtract } from 'tar';
import { z } from 'zod';
import { serverVersion } from '../system/version';
import { ADMIN_SOCKET_NAME, adminSocketPath, askAdmin } from './admin-socket';
import { BackupError } from './backup-error';

/**
 * A backup of an installation on the embedded database is one .tar.gz of its data folder:
 *
 *   hearth-backup.json   what it is, when it was taken, the database copy's size and SHA-256
 *   database.tar         the embedded database's folder (PGlite's dumpDataDir)
 *   files/…              the rest of DATA_DIR: generated secrets, OAuth clients, branding…
 *
 * Restoring writes `files/` back and loads the database into `DATA_DIR/db`.
 */
export const BACKUP_MANIFEST = 'hearth-backup.json';
export const EMBEDDED_BACKUP_FORMAT = 'hearth-embedded-backup';
const DATABASE_ENTRY = 'database.tar';
const FILES_ENTRY = 'files';
/** config.ts keeps the embedded database in DATA_DIR/db. */
export const DATABASE_DIR = 'db';
/**
 * Not copied: the database (copied consistently instead), the dev mail outbox (mails holding
 * sign-in codes, of no use once sent) and the admin socket.
 */
const LEFT_OUT = new Set([DATABASE_DIR, 'outbox', ADMIN_SOCKET_NAME]);
/** What a fresh file system's root holds and a restore may ignore. */
const EMPTY_ENOUGH = new Set(['lost+found']);

const manifestSchema = z.object({
  format: z.literal(EMBEDDED_BACKUP_FORMAT),
  version: z.literal(1),
  created_at: z.string(),
  hearth: z.string(),
  /** Whether the running server copied its database, or the command opened a stopped one. */
  taken: z.enum(['from the running server', 'from a stopped data folder']),
  database: z.object({ bytes: z.number().int(), sha256: z.string() }),
  files: z.array(z.string()),
});
export type EmbeddedBackupManifest = z.infer<typeof manifestSchema>;

async function sha256Of(file: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
}

/**
 * Writes the database of `dataDir` to `file` as a tar archive. A running server makes the copy
 * itself, between two statements (nothing writes while it is made), so it holds every commit
 * before that moment and none of a transaction still open: a restore starts from it as from a
 * database stopped at that instant. With no server running, the command opens the database.
 */
async function copyDatabase(
  dataDir: string,
  file: string,
): Promise<EmbeddedBackupManifest['taken']> {
  const answer = await askAdmin(adminSocketPath(dataDir), '/database');
  if (answer) {
    if (answer.statusCode !== 200) {
      answer.resume();
      throw new BackupError(
        `The server serving ${dataDir} could not copy its database (HTTP ${answer.statusCode}); see its log`,
      );
    }
    await pipeline(answer, createWriteStream(file, { mode: 0o600 }));
    return 'from the running server';
  }
  const dbDir = join(dataDir, DATABASE_DIR);
  const found = await stat(join(dbDir, 'PG_VERSION')).catch(() => undefined);
  if (!found) throw new BackupError(`${dataDir} holds no embedded database (no ${dbDir})`);
  // Ready before anything else: a dump asked of a database still starting never answers.
  const pg = await PGlite.create(dbDir);
  try {
    const dump = await pg.dumpDataDir('none');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  } finally {
    await pg.close();
  }
  return 'from a stopped data folder';
}

/** Takes a backup of the installation whose data folder is `dataDir` into `out`. */
export async function backupEmbedded(opts: {
  dataDir: string;
  out: string;
  commit?: string;
}): Promise<EmbeddedBackupManifest> {
  const dataDir = resolve(opts.dataDir);
  const out = resolve(opts.out);
  if (out === dataDir || out.startsWith(`${dataDir}/`))
    throw new BackupError(
      `Write the backup outside ${dataDir} (or to standard output, --out -): the next backup would copy it`,
    );
  const staging = await mkdtemp(join(tmpdir(), 'hearth-backup-'));
  try {
    const taken = await copyDatabase(dataDir, join(staging, DATABASE_ENTRY));
    const entries = (await readdir(dataDir)).filter((name) => !LEFT_OUT.has(name)).sort();
    await mkdir(join(staging, FILES_ENTRY), { mode: 0o700 });
    for (const name of entries) {
      await cp(join(dataDir, name), join(staging, FILES_ENTRY, name), {
        recursive: true,
        // Only files and folders: a socket or a link in DATA_DIR is not the installation's data.
        filter: async (src) => {
          const s = await lstat(src).catch(() => undefined);
          return s !== undefined && (s.isFile() || s.isDirectory());
        },
      });
    }
    const { major, minor, subminor } = serverVersion(opts.commit ?? 'dev');
    const manifest: EmbeddedBackupManifest = {
      format: EMBEDDED_BACKUP_FORMAT,
      version: 1,
      created_at: new Date().toISOString(),
      hearth: `${major}.${minor}.${subminor} (${opts.commit ?? 'dev'})`,
      taken,
      database: {
        bytes: (await stat(join(staging, DATABASE_ENTRY))).size,
        sha256: await sha256Of(join(staging, DATABASE_ENTRY)),
      },
      files: entries.filter((name) => !name.startsWith('.')),
    };
    await writeFile(join(staging, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // Written beside the target and renamed: a failed backup never leaves a truncated file there.
    await mkdir(dirname(out), { recursive: true });
    const partial = `${out}.partial`;
    await tarCreate({ gzip: true, file: partial, cwd: staging, portable: true }, [
      BACKUP_MANIFEST,
      DATABASE_ENTRY,
      FILES_ENTRY,
    ]);
    await rename(partial, out);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Refuses a target holding anything (a fresh file system's lost+found aside). */
async function assertEmptyTarget(dataDir: string): Promise<boolean> {
  const entries = await readdir(dataDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    if (err.code === 'ENOTDIR') throw new BackupError(`${dataDir} is a file, not a folder`);
    throw err;
  });
  if (entries === undefined) return false;
  const held = entries.filter((e) => !EMPTY_ENOUGH.has(e));
  if (held.length > 0)
    throw new BackupError(
      `${dataDir} is not empty (it holds ${held.slice(0, 3).join(', ')}${held.length > 3 ? ', …' : ''}): restore only into an empty or new data folder; nothing was changed`,
    );
  return true;
}

/**
 * Restores a backup into `dataDir`, which must be empty or not exist. On any failure what it
 * wrote is removed again, leaving the target as it was.
 */
export async function restoreEmbedded(opts: {
  input: string;
  dataDir: string;
}): Promise<EmbeddedBackupManifest> {
  const dataDir = resolve(opts.dataDir);
  const existed = await assertEmptyTarget(dataDir);
  const staging = await mkdtemp(join(tmpdir(), 'hearth-restore-'));
  let wrote = false;
  try {
    try {
      await tarExtract({
        file: resolve(opts.input),
        cwd: staging,
        strict: true,
        // Files and folders only: no links, devices or paths out of the staging folder.
        filter: (_path, entry) =>
          'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
      });
    } catch (err) {
      throw new BackupError(
        `${opts.input} is not a readable Hearth backup (${(err as Error).message})`,
      );
    }
    const raw = await readFile(join(staging, BACKUP_MANIFEST), 'utf8').catch(() => undefined);
    const parsed = raw === undefined ? undefined : manifestSchema.safeParse(JSON.parse(raw));
    if (!parsed?.success)
      throw new BackupError(
        `${opts.input} is not a backup of Hearth's embedded database (no ${BACKUP_MANIFEST} of format ${EMBEDDED_BACKUP_FORMAT})`,
      );
    const manifest = parsed.data;
    const database = join(staging, DATABASE_ENTRY);
    if ((await sha256Of(database)) !== manifest.database.sha256)
      throw new BackupError(
        `${opts.input} is damaged: its database copy does not match its checksum`,
      );
    wrote = true;
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await cp(join(staging, FILES_ENTRY), dataDir, { recursive: true });
    const pg = await PGlite.create(join(dataDir, DATABASE_DIR), {
      loadDataDir: new Blob([await readFile(database)]),
    });
    try {
      await pg.query('select 1');
    } finally {
      await pg.close();
    }
    return manifest;
  } catch (err) {
    if (wrote) {
      if (existed) {
        for (const e of await readdir(dataDir))
          if (!EMPTY_ENOUGH.has(e)) await rm(join(dataDir, e), { recursive: true, force: true });
      } else await rm(dataDir, { recursive: true, force: true });
    }
    throw err;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
