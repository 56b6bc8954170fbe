import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../config';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';

const preflight = (url: string, origin: string, method = 'POST') =>
  fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    },
  });

describe('CORS for the native shells (docs/native.md)', () => {
  let t: TestHearth;
  beforeAll(async () => {
    t = await startTestHearth();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('answers the preflight of the iOS and Android shells for an authorised write', async () => {
    for (const origin of ['capacitor://localhost', 'https://localhost']) {
      const res = await preflight(`${t.url}/api/v2/devs/0123456789abcdef01/htr/1/status`, origin);
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-allow-methods')).toContain('POST');
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
        'authorization',
      );
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('allows the brand headers a client may send on any call (docs/wire-contract.md §1)', async () => {
    const res = await preflight(`${t.url}/api/v2/grouped_devs`, 'capacitor://localhost');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '')
      .toLowerCase()
      .split(/\s*,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(['x-serialid', 'x-referer']));
    // And the call itself, carrying them, is answered as without them.
    const call = await fetch(`${t.url}/api/v2/grouped_devs`, {
      headers: { origin: 'capacitor://localhost', 'x-serialid': '01', 'x-referer': 'app' },
    });
    expect(call.status).toBe(401);
    expect(call.headers.get('access-control-allow-origin')).toBe('capacitor://localhost');
  });

  it('lets a shell read an answer, errors included', async () => {
    const res = await fetch(`${t.url}/api/v2/grouped_devs`, {
      headers: { origin: 'capacitor://localhost' },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('capacitor://localhost');
  });

  it('lets a shell read the wait of a refused sign-in (Retry-After, ruling D12)', async () => {
    const res = await fetch(`${t.url}/api/v2/grouped_devs`, {
      headers: { origin: 'capacitor://localhost' },
    });
    const exposed = (res.headers.get('access-control-expose-headers') ?? '')
      .toLowerCase()
      .split(/\s*,\s*/);
    expect(exposed).toContain('retry-after');
  });

  it('holds for the realtime socket’s polling transport too', async () => {
    const poll = (origin: string) =>
      fetch(`${t.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin } });
    const shell = await poll('capacitor://localhost');
    expect(shell.status).toBe(200);
    expect(shell.headers.get('access-control-allow-origin')).toBe('capacitor://localhost');
    expect(shell.headers.get('access-control-allow-credentials')).toBeNull();
    const other = await poll('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('gives any other origin no CORS headers', async () => {
    const res = await preflight(`${t.url}/api/v2/grouped_devs`, 'https://evil.example', 'GET');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fetch(`${t.url}/api/v2/grouped_devs`, {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS_ORIGINS', () => {
  it('replaces the default list, or turns cross-origin calls off with none', async () => {
    const t = await startTestHearth({ env: { CORS_ORIGINS: 'https://app.example.com' } });
    try {
      const ok = await preflight(`${t.url}/api/v2/grouped_devs`, 'https://app.example.com', 'GET');
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
      const shell = await preflight(`${t.url}/api/v2/grouped_devs`, 'capacitor://localhost');
      expect(shell.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await t.stop();
    }
    const dir = mkdtempSync(join(tmpdir(), 'hearth-cors-'));
    try {
      expect(loadConfig({ DATA_DIR: dir, CORS_ORIGINS: 'none' }).corsOrigins).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a value that is not a list of origins', () => {
    for (const bad of ['https://app.example.com/', 'app.example.com', 'https://a.example, /x']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS.*origins/);
    }
  });
});
