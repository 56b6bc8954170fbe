import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CloudUpstreamConfigError,
  loadCloudUpstreams,
  parseCloudUpstreams,
  UPSTREAMS_FILE_NAME,
} from './upstream-config.ts';

const one = {
  name: 'upstream-a',
  apiBaseUrl: 'http://127.0.0.1:9999/',
  clientId: 'client',
  clientSecret: 'very-secret-value',
  serialId: '14',
  referer: 'https://app.example.com',
};

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'cloud-upstreams-'));
}

function errorOf(run: () => unknown): CloudUpstreamConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof CloudUpstreamConfigError) return error;
    throw error;
  }
  throw new Error('expected a CloudUpstreamConfigError');
}

describe('cloud upstream configuration', () => {
  it('reads DATA_DIR/cloud-upstreams.json and drops the base URL trailing slash', () => {
    const dir = tempDir();
    writeFileSync(join(dir, UPSTREAMS_FILE_NAME), JSON.stringify([one]));
    const list = loadCloudUpstreams({ dataDir: dir, env: {} });
    expect(list).toEqual([{ ...one, apiBaseUrl: 'http://127.0.0.1:9999', clockMonthFrom: 0 }]);
  });

  it('offers no cloud when nothing is configured', () => {
    expect(loadCloudUpstreams({ dataDir: tempDir(), env: {} })).toEqual([]);
    expect(loadCloudUpstreams({ env: {} })).toEqual([]);
  });

  it('prefers the inline JSON variable, then the named file, to DATA_DIR', () => {
    const dir = tempDir();
    writeFileSync(join(dir, UPSTREAMS_FILE_NAME), JSON.stringify([one]));
    const named = join(dir, 'other.json');
    writeFileSync(named, JSON.stringify([{ ...one, name: 'from-file' }]));
    const inline = JSON.stringify([{ ...one, name: 'from-env' }]);
    expect(
      loadCloudUpstreams({ dataDir: dir, env: { CLOUD_UPSTREAMS_FILE: named } })[0]?.name,
    ).toBe('from-file');
    expect(
      loadCloudUpstreams({
        dataDir: dir,
        env: { CLOUD_UPSTREAMS_FILE: named, CLOUD_UPSTREAMS_JSON: inline },
      })[0]?.name,
    ).toBe('from-env');
  });

  it('says which file does not exist when the variable names a missing one', () => {
    const missing = join(tempDir(), 'nope.json');
    const error = errorOf(() => loadCloudUpstreams({ env: { CLOUD_UPSTREAMS_FILE: missing } }));
    expect(error.source).toBe(missing);
    expect(error.message).toContain('does not exist');
  });

  it('says a file is not JSON', () => {
    const dir = tempDir();
    writeFileSync(join(dir, UPSTREAMS_FILE_NAME), '[{"name": ');
    const error = errorOf(() => loadCloudUpstreams({ dataDir: dir, env: {} }));
    expect(error.source).toBe(join(dir, UPSTREAMS_FILE_NAME));
    expect(error.problems[0]).toMatch(/^not JSON/);
  });

  it('names each bad field by its place in the list and never repeats a secret', () => {
    const bad = [
      one,
      { ...one, apiBaseUrl: 'ftp://x', clientSecret: 'line\nbreak-secret' },
      { ...one, extra: true },
      { ...one, name: 'Bad Name' },
    ];
    const error = errorOf(() => parseCloudUpstreams(bad, 'test'));
    const where = error.problems.map((problem) => problem.split(':')[0]);
    expect(where).toEqual(
      expect.arrayContaining(['1.apiBaseUrl', '1.clientSecret', '2', '3.name']),
    );
    expect(error.message).not.toContain('break-secret');
  });

  it('refuses two clouds of one name', () => {
    const error = errorOf(() => parseCloudUpstreams([one, one], 'test'));
    expect(error.problems).toEqual(['1.name: name "upstream-a" is used twice']);
  });

  it('refuses a list that is not a list', () => {
    const error = errorOf(() => parseCloudUpstreams({ name: 'x' }, 'test'));
    expect(error.problems[0]).toMatch(/^\(the list\)/);
  });

  it('accepts the shipped example, which holds placeholders and no secret', () => {
    const path = join(import.meta.dirname, '..', 'cloud-upstreams.example.json');
    const list = loadCloudUpstreams({ env: { CLOUD_UPSTREAMS_FILE: path } });
    expect(list.length).toBeGreaterThan(0);
    for (const upstream of list) {
      expect(upstream.apiBaseUrl).toMatch(/^https:\/\//);
      expect(upstream.clientId).toMatch(/^REPLACE-/);
      expect(upstream.clientSecret).toMatch(/^REPLACE-/);
    }
    expect(readFileSync(path, 'utf8')).not.toMatch(/==/);
  });
});
