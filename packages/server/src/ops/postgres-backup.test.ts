import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HearthInternals } from '../hearth';
import { serveDataDir } from '../test-support/serve-data-dir';
import { createUser, freshPostgres } from '../test-support/test-hearth';
import {
  loadRows,
  populateForBackup,
  readThroughApi,
  runOpsCommand,
  writeWhileBackingUp,
} from './backup.fixture';

const BASE = process.env.TEST_DATABASE_URL;

const serveOn = (url: string, dataDir: string) => serveDataDir(dataDir, { database: url });

describe.runIf(BASE)('backup and restore of PostgreSQL (pg_dump, pg_restore)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-pg-backup-'));
  const file = join(dir, 'hearth.dump');
  const dbs: Array<{ url: string; drop(): Promise<void> }> = [];
  const servers: HearthInternals[] = [];
  let fixture: Awaited<ReturnType<typeof populateForBackup>>;
  let before: Awaited<ReturnType<typeof readThroughApi>>;
  let committedBeforeBackup = 0;
  let target: { url: string; drop(): Promise<void> };

  beforeAll(async () => {
    const source = await freshPostgres(BASE!);
    target = await freshPostgres(BASE!);
    dbs.push(source, target);
    const a = await serveOn(source.url, join(dir, 'a'));
    servers.push(a.hearth);
    const { repos } = a;
    fixture = await populateForBackup(repos, a.url);
    before = await readThroughApi(a.url, fixture.owner, fixture);
    const load = writeWhileBackingUp(
      a.hearth.db,
      (await createUser(repos, 'load@example.test')).id,
    );
    committedBeforeBackup = await load.atLeast(5);
    const backup = await runOpsCommand('backup', ['--out', file], { DATABASE_URL: source.url });
    expect(backup.code, backup.stderr).toBe(0);
    expect(await load.stop()).toBeGreaterThan(committedBeforeBackup);
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    for (const d of dbs) await d.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a database that holds tables, and changes nothing in it', async () => {
    const source = dbs[0]!;
    const rowsBefore = await loadRows(servers[0]!.db);
    const res = await runOpsCommand('restore', ['--in', file], { DATABASE_URL: source.url });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/The target database is not empty .*nothing was changed/);
    expect(await loadRows(servers[0]!.db)).toEqual(rowsBefore);
  });

  it('refuses to restore a pg_dump archive into a data folder', async () => {
    const res = await runOpsCommand('restore', ['--in', file, '--data-dir', join(dir, 'x')], {});
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('is a PostgreSQL backup (pg_dump)');
  });

  it('restores into an empty database where a server finds every home, schedule and sample equal', async () => {
    const res = await runOpsCommand('restore', ['--in', file], { DATABASE_URL: target.url });
    expect(res.code, res.stderr).toBe(0);
    const b = await serveOn(target.url, join(dir, 'b'));
    servers.push(b.hearth);
    expect(await readThroughApi(b.url, fixture.owner, fixture)).toEqual(before);
    const rows = await loadRows(b.hearth.db);
    expect(rows.homes).toBe(rows.gateways);
    expect(rows.homes).toBeGreaterThanOrEqual(committedBeforeBackup);
  });

  it('says which client to install when pg_dump is older than the server', async () => {
    const fake = join(dir, 'old-bin');
    mkdirSync(fake);
    writeFileSync(join(fake, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n');
    chmodSync(join(fake, 'pg_dump'), 0o755);
    const res = await runOpsCommand('backup', ['--out', join(dir, 'old.dump')], {
      DATABASE_URL: target.url,
      PG_BIN_DIR: fake,
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(
      /pg_dump 9 cannot work with PostgreSQL \d+: install postgresql-client-\d+/,
    );
  });
});
