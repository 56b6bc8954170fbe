import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDataDir, type ServedDataDir } from '../test-support/serve-data-dir';
import { createUser } from '../test-support/test-hearth';
import { homeDiagnosticsSchema } from '../diagnostics/diagnostics.schema';
import { DataDirInUseError } from './admin-socket';
import {
  loadRows,
  populateForBackup,
  readThroughApi,
  runOpsCommand,
  writeWhileBackingUp,
} from './backup.fixture';

/** A server on the embedded database in `dataDir`, its secrets generated there. */
const serveOn = (dataDir: string) => serveDataDir(dataDir, { generatedSecrets: true });

describe('backup and restore of the embedded database', () => {
  const root = mkdtempSync(join(tmpdir(), 'hearth-backup-test-'));
  const original = join(root, 'original');
  const restored = join(root, 'restored');
  const file = join(root, 'hearth.tar.gz');
  let a: ServedDataDir | undefined;
  let b: ServedDataDir | undefined;
  let fixture: Awaited<ReturnType<typeof populateForBackup>>;
  let before: Awaited<ReturnType<typeof readThroughApi>>;
  let committedBeforeBackup = 0;
  let backupStderr = '';

  beforeAll(async () => {
    a = await serveOn(original);
    const { repos } = a;
    fixture = await populateForBackup(repos, a.url);
    mkdirSync(join(original, 'branding'));
    writeFileSync(join(original, 'branding', 'brands.json'), '{"01":{"css":{"brand":"x"}}}');
    before = await readThroughApi(a.url, fixture.owner, fixture);
    // Taken while another user's homes are being written, one transaction after another.
    const loadOwner = await createUser(repos, 'load@example.test');
    const load = writeWhileBackingUp(a.hearth.db, loadOwner.id);
    committedBeforeBackup = await load.atLeast(5);
    const backup = await runOpsCommand('backup', ['--out', file], { DATA_DIR: original });
    backupStderr = backup.stderr;
    expect(backup.code, backup.stderr).toBe(0);
    expect(await load.stop()).toBeGreaterThan(committedBeforeBackup);
  });
  afterAll(async () => {
    await b?.hearth.close();
    await a?.hearth.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('is taken by the running server, which the socket in its data folder reaches', () => {
    expect(backupStderr).toContain('from the running server');
    expect(readdirSync(original)).toContain('admin.sock');
  });

  it('refuses to restore into a data folder that holds anything, and changes nothing there', async () => {
    const held = readdirSync(original).sort();
    const secrets = readFileSync(join(original, 'secrets.json'), 'utf8');
    const res = await runOpsCommand('restore', ['--in', file, '--data-dir', original], {});
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(
      /is not empty .*restore only into an empty or new data folder; nothing was changed/,
    );
    expect(readdirSync(original).sort()).toEqual(held);
    expect(readFileSync(join(original, 'secrets.json'), 'utf8')).toBe(secrets);
  });

  it('refuses a file that is not a backup', async () => {
    const junk = join(root, 'junk.bin');
    writeFileSync(junk, 'hello');
    const res = await runOpsCommand(
      'restore',
      ['--in', junk, '--data-dir', join(root, 'never')],
      {},
    );
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('neither a backup of the embedded database nor a pg_dump archive');
    expect(readdirSync(root)).not.toContain('never');
  });

  it('restores into a new data folder where a server finds every home, schedule and sample equal', async () => {
    const res = await runOpsCommand('restore', ['--in', file, '--data-dir', restored], {});
    expect(res.code, res.stderr).toBe(0);
    // The generated secrets come back with the data: tokens and gateway secrets stay valid.
    expect(readFileSync(join(restored, 'secrets.json'), 'utf8')).toBe(
      readFileSync(join(original, 'secrets.json'), 'utf8'),
    );
    expect(readFileSync(join(restored, 'branding', 'brands.json'), 'utf8')).toContain(
      '"brand":"x"',
    );
    b = await serveOn(restored);
    expect(b.hearth.gatewaySecret('abc')).toBe(a!.hearth.gatewaySecret('abc'));
    const after = await readThroughApi(b.url, fixture.owner, fixture);
    expect(after).toEqual(before);
    // A spot check that the comparison compared something.
    const node = (
      after.devices[fixture.devIds[0]!] as {
        perNode: Record<string, { samples: { samples: unknown[] } }>;
      }
    ).perNode['1'];
    expect(node?.samples.samples.length).toBeGreaterThan(100);
  });

  it('holds every transaction committed before it whole, and none cut in two', async () => {
    const rows = await loadRows(b!.hearth.db);
    expect(rows.homes).toBe(rows.gateways);
    expect(rows.homes).toBeGreaterThanOrEqual(committedBeforeBackup);
  });

  it('writes a home’s diagnostics for the operator, through the running server', async () => {
    const res = await runOpsCommand('diagnostics', ['--home', fixture.homeId], {
      DATA_DIR: restored,
    });
    expect(res.code, res.stderr).toBe(0);
    const file = homeDiagnosticsSchema.parse(JSON.parse(res.stdout));
    expect(file.home.id).toBe(fixture.homeId);
    expect(file.gateways.map((g) => g.dev_id)).toEqual(fixture.devIds);
    expect(file.gateways[0]?.pending_commands.oldest.map((c) => c.path)).toEqual(['/htr/1/prog']);
    expect(res.stdout).not.toContain(fixture.owner.email);
    const unknown = await runOpsCommand('diagnostics', ['--home', fixture.owner.id], {
      DATA_DIR: restored,
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`No home has the id ${fixture.owner.id}`);
  });

  it('keeps a second server off a data folder one already serves', async () => {
    await expect(serveOn(restored)).rejects.toBeInstanceOf(DataDirInUseError);
    expect(readdirSync(restored)).toContain('admin.sock');
  });

  it('backs up a stopped data folder by opening its database', async () => {
    await a!.hearth.close();
    a = undefined;
    expect(readdirSync(original)).not.toContain('admin.sock');
    const again = join(root, 'stopped.tar.gz');
    const res = await runOpsCommand('backup', ['--out', again], { DATA_DIR: original });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('from a stopped data folder');
    const third = join(root, 'third');
    expect((await runOpsCommand('restore', ['--in', again, '--data-dir', third], {})).code).toBe(0);
    expect(readdirSync(join(third, 'db'))).toContain('PG_VERSION');
    // With no server, the diagnostics command opens the database itself.
    const diag = await runOpsCommand('diagnostics', ['--home', fixture.homeId], {
      DATA_DIR: third,
    });
    expect(diag.code, diag.stderr).toBe(0);
    expect(homeDiagnosticsSchema.parse(JSON.parse(diag.stdout)).home.name).toBe('Farmhouse');
  });
});
