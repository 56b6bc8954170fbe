import { writeFile } from 'node:fs/promises';
import { createDiagnosticsRepository } from '../diagnostics/diagnostics.repository';
import { createHomeDiagnostics } from '../diagnostics/home-diagnostics';
import { adminSocketPath, askAdmin, readAll } from './admin-socket';
import { BackupError } from './backup-error';
import { cliOptions, databaseTarget, runCommand, typedPath } from './cli';
import { withDatabase } from './open-database';

const USAGE = `Usage: npm run diagnostics -- --home <home id> [--out <file>] [--data-dir <dir>] [--database-url <url>]

Writes a home's diagnostics (the file its owner downloads from the app) to standard output or
--out: gateways, nodes, last reports with their ages, pending and refused commands, connection
state, problems found; no credentials, no e-mail addresses (docs/operations.md "Diagnostics").`;

runCommand(async () => {
  const args = cliOptions(USAGE, {
    home: { type: 'string' },
    out: { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
  });
  if (args.help) return void process.stdout.write(`${USAGE}\n`);
  const home = args.home;
  if (!home) throw new BackupError(`--home is missing\n\n${USAGE}`);
  const target = databaseTarget(args);
  let found: unknown;
  const served =
    target.kind === 'embedded'
      ? await askAdmin(adminSocketPath(target.dataDir), `/diagnostics/${encodeURIComponent(home)}`)
      : undefined;
  if (served) {
    const body = await readAll(served);
    if (served.statusCode === 200) found = JSON.parse(body.toString('utf8'));
    else if (served.statusCode !== 404)
      throw new BackupError(`The running server answered HTTP ${served.statusCode}; see its log`);
  } else {
    const commit = process.env.HEARTH_COMMIT ?? 'dev';
    found = await withDatabase(target, (db) =>
      createHomeDiagnostics({ repo: createDiagnosticsRepository(db), commit }).build(home),
    );
  }
  if (found === undefined) throw new BackupError(`No home has the id ${home}`);
  const text = `${JSON.stringify(found, null, 2)}\n`;
  if (args.out) await writeFile(typedPath(args.out), text, { mode: 0o600 });
  else process.stdout.write(text);
});
