import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';
import { tileSource } from './security-headers';

const TILES = 'https://{s}.tile.example.org/{z}/{x}/{y}.png';
let t: TestHearth;
let web: string;

beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'hearth-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Hearth</title>');
  writeFileSync(join(web, 'assets', 'app.js'), 'export {};');
  t = await startTestHearth({
    env: { WEB_DIST: web, MAP_TILE_URL: TILES, TRUST_PROXY: 'loopback' },
  });
});
afterAll(async () => {
  await t?.stop();
  rmSync(web, { recursive: true, force: true });
});

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers', () => {
  it('come on the app, its assets, the API, errors and unknown routes alike', async () => {
    const answers = await Promise.all(
      [
        '/',
        '/homes/1/settings',
        '/assets/app.js',
        '/health_check',
        '/api/v2/devs',
        '/api/v2/nothing-here',
        '/api/docs/',
      ].map((path) => fetch(`${t.url}${path}`)),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 401, 404, 200]);
    for (const res of answers) {
      await res.arrayBuffer();
      expect(res.headers.get('content-security-policy'), res.url).toBeTruthy();
      expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), res.url).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options'), res.url).toBe('DENY');
      expect(res.headers.get('permissions-policy'), res.url).toContain('geolocation=(self)');
      expect(res.headers.get('cross-origin-resource-policy'), res.url).toBe('cross-origin');
    }
  });

  it('allow only the app’s own scripts, the map tiles, and no framing', async () => {
    const res = await fetch(`${t.url}/`);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.tile.example.org']);
    // A plain-http install on a LAN must keep working: nothing forces https.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });

  it('send HSTS only on https, as a trusted proxy reports it', async () => {
    const plain = await fetch(`${t.url}/health_check`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const secure = await fetch(`${t.url}/health_check`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=15552000');
  });
});

describe('tile source', () => {
  it('turns a tile URL template into the CSP source of its server', () => {
    expect(tileSource(TILES)).toBe('https://*.tile.example.org');
    expect(tileSource('https://tiles.example.com/{z}/{x}/{y}.png')).toBe(
      'https://tiles.example.com',
    );
    expect(tileSource('http://localhost:8081/{z}/{x}/{y}.png')).toBe('http://localhost:8081');
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeUndefined();
    expect(tileSource('https://{s}.com/{z}.png')).toBeUndefined();
    expect(tileSource(undefined)).toBeUndefined();
  });
});
