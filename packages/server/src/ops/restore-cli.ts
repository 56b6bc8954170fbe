import { BackupError } from './backup-error';
import { cliOptions, databaseTarget, runCommand, typedPath } from './cli';
import { restoreEmbedded } from './embedded-backup';
import { backupKind, restorePostgres } from './postgres-backup';

const USAGE = `Usage: npm run restore -- --in <file> --data-dir <empty dir>        (embedded backup)
       npm run restore -- --in <file> --database-url <empty database>   (PostgreSQL backup)

Restores a backup of npm run backup into an empty target, never over existing data; then start
the server on it (it migrates the schema forward). DATA_DIR and DATABASE_URL are read when the
options are not given.`;

runCommand(async () => {
  const args = cliOptions(USAGE, {
    in: { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
  });
  if (args.help) return void process.stdout.write(`${USAGE}\n`);
  if (!args.in) throw new BackupError(`--in is missing\n\n${USAGE}`);
  const input = typedPath(args.in);
  const kind = await backupKind(input);
  if (kind === 'unknown')
    throw new BackupError(
      `${input} is neither a backup of the embedded database nor a pg_dump archive`,
    );
  if (kind === 'embedded') {
    if (args['database-url'])
      throw new BackupError(
        `${input} is a backup of the embedded database: restore it with --data-dir <empty dir>`,
      );
    const target = databaseTarget(
      { 'data-dir': args['data-dir'] },
      { ...process.env, DATABASE_URL: '' },
    );
    if (target.kind !== 'embedded') throw new BackupError('unreachable');
    const manifest = await restoreEmbedded({ input, dataDir: target.dataDir });
    process.stderr.write(
      `Restored the backup of ${manifest.created_at} into ${target.dataDir}; start the server with DATA_DIR=${target.dataDir}\n`,
    );
    return;
  }
  const target = databaseTarget({ 'database-url': args['database-url'] });
  if (target.kind !== 'postgres')
    throw new BackupError(
      `${input} is a PostgreSQL backup (pg_dump): give the empty database with --database-url or DATABASE_URL`,
    );
  await restorePostgres({ url: target.url, input });
  process.stderr.write(`Restored ${input} into the database; start the servers on it\n`);
});
