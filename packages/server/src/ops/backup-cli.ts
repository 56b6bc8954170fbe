import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BackupError } from './backup-error';
import { cliOptions, databaseTarget, runCommand, typedPath } from './cli';
import { backupEmbedded } from './embedded-backup';
import { backupPostgres } from './postgres-backup';

const USAGE = `Usage: npm run backup -- --out <file | ->  [--data-dir <dir>] [--database-url <url>]

Backs up the database the servers use, while they serve (docs/operations.md "Backup and restore"):
  PostgreSQL (DATABASE_URL or --database-url): pg_dump's custom format, one consistent snapshot.
  Embedded (DATA_DIR or --data-dir, ./data by default): a .tar.gz of the data folder, its
  database copied by the running server (or opened here when no server runs).
--out - writes the backup to standard output.`;

runCommand(async () => {
  const args = cliOptions(USAGE, {
    out: { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
  });
  if (args.help) return void process.stdout.write(`${USAGE}\n`);
  if (!args.out) throw new BackupError(`--out is missing\n\n${USAGE}`);
  const target = databaseTarget(args);
  const toStdout = args.out === '-';
  const temp = toStdout ? await mkdtemp(join(tmpdir(), 'hearth-backup-out-')) : undefined;
  const out = temp ? join(temp, 'backup') : typedPath(args.out);
  try {
    if (target.kind === 'postgres') {
      await backupPostgres({ url: target.url, out });
      process.stderr.write(`PostgreSQL backup written${toStdout ? '' : ` to ${out}`}\n`);
    } else {
      const manifest = await backupEmbedded({
        dataDir: target.dataDir,
        out,
        commit: process.env.HEARTH_COMMIT,
      });
      process.stderr.write(
        `Backup of ${target.dataDir} (${manifest.taken}) written${toStdout ? '' : ` to ${out}`}\n`,
      );
    }
    if (toStdout) await pipeline(createReadStream(out), process.stdout);
  } finally {
    if (temp) await rm(temp, { recursive: true, force: true });
  }
});
