import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { BackupError } from './backup-error';

/** Where an operator command finds the database: the environment of the servers, or options. */
export type DatabaseTarget =
  { kind: 'postgres'; url: string } | { kind: 'embedded'; dataDir: string };

/** config.ts's default DATA_DIR, relative to where the server starts (the repository's root). */
const DEFAULT_DATA_DIR = './data';

/** A path the operator typed: relative to where they typed it (npm run moves to the root). */
export function typedPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

export function cliOptions<T extends NonNullable<ParseArgsConfig['options']>>(
  usage: string,
  options: T,
  argv = process.argv.slice(2),
) {
  try {
    return parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean' } },
      strict: true,
    }).values;
  } catch (err) {
    throw new BackupError(`${(err as Error).message}\n\n${usage}`);
  }
}

/**
 * The database the servers use: `--database-url` or DATABASE_URL (PostgreSQL), otherwise the
 * embedded one in `--data-dir` or DATA_DIR (./data by default), as config.ts reads them.
 */
export function databaseTarget(
  args: { 'database-url'?: string; 'data-dir'?: string },
  env: NodeJS.ProcessEnv = process.env,
): DatabaseTarget {
  const url = args['database-url'] ?? (env.DATABASE_URL?.trim() || undefined);
  if (url !== undefined) {
    if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
    throw new BackupError(
      `DATABASE_URL must be a postgres:// URL here (${url.split(':')[0]}:// keeps nothing to back up or read)`,
    );
  }
  if (args['data-dir'] !== undefined)
    return { kind: 'embedded', dataDir: typedPath(args['data-dir']) };
  return { kind: 'embedded', dataDir: resolve(env.DATA_DIR?.trim() || DEFAULT_DATA_DIR) };
}

/** Runs an operator command: its refusals are one line on stderr and exit code 1. */
export function runCommand(main: () => Promise<void>): void {
  let settled = false;
  // Node ends a process whose every pending thing is a promise nobody will settle, with code 0:
  // a backup must never look done when it is not.
  process.once('beforeExit', () => {
    if (settled) return;
    process.stderr.write('The command stopped before it finished; nothing was written\n');
    process.exit(1);
  });
  main().then(
    () => {
      settled = true;
      process.exit(0);
    },
    (err: unknown) => {
      settled = true;
      if (err instanceof BackupError) process.stderr.write(`${err.message}\n`);
      else process.stderr.write(`${(err as Error)?.stack ?? String(err)}\n`);
      process.exit(1);
    },
  );
}
