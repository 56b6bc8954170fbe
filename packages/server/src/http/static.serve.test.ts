import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';
import { HASHED_ASSET_CACHE_CONTROL, cacheControlFor } from './static';

const APP_JS = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const INDEX = `<!doctype html><title>Hearth app</title>${'<!-- padding -->'.repeat(100)}`;
const SMALL_JS = 'export {};';

let t: TestHearth;
let web: string;

/** The build's output: text files with brotli and gzip copies next to them. */
function writeBuilt(path: string, content: string, compressed = true): void {
  writeFileSync(join(web, path), content);
  if (!compressed) return;
  writeFileSync(join(web, `${path}.br`), brotliCompressSync(content));
  writeFileSync(join(web, `${path}.gz`), gzipSync(content));
}

beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'hearth-web-'));
  mkdirSync(join(web, 'assets'));
  writeBuilt('index.html', INDEX);
  writeBuilt('assets/index-B1x_9aZq.js', APP_JS);
  writeBuilt('assets/tiny-Dc0tcoOr.js', SMALL_JS, false);
  writeBuilt('sw.js', `const v = 1;${'// sw\n'.repeat(300)}`);
  writeBuilt('manifest.webmanifest', '{"name":"Hearth"}', false);
  t = await startTestHearth({ env: { WEB_DIST: web } });
});
afterAll(async () => {
  await t?.stop();
  rmSync(web, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body is left as sent (fetch would decompress it). */
function rawGet(path: string, acceptEncoding?: string, origin?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${t.url}${path}`,
      {
        headers: {
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
          ...(origin ? { origin } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the built app is served', () => {
  it('compressed with brotli when accepted, immutable for a hashed asset', async () => {
    const res = await rawGet('/assets/index-B1x_9aZq.js', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Only Accept-Encoding: a Vary on Origin would keep the service worker's cache from
    // matching the app's own script requests, which carry an Origin.
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.body.length).toBeLessThan(Buffer.byteLength(APP_JS));
    expect(brotliDecompressSync(res.body).toString()).toBe(APP_JS);
    // The security headers stay on.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps one Vary for the app’s own script requests and adds Origin for a native shell', async () => {
    // A module script request carries the page's origin; the app's pages are not in CORS_ORIGINS.
    const own = await rawGet('/assets/index-B1x_9aZq.js', 'br', t.url);
    expect(own.headers.vary).toBe('accept-encoding');
    expect(own.headers['access-control-allow-origin']).toBeUndefined();
    const shell = await rawGet('/assets/index-B1x_9aZq.js', 'br', 'capacitor://localhost');
    expect(shell.headers['access-control-allow-origin']).toBe('capacitor://localhost');
    expect(
      String(shell.headers.vary)
        .toLowerCase()
        .split(/\s*,\s*/)
        .sort(),
    ).toEqual(['accept-encoding', 'origin']);
  });

  it('gzipped for a client without brotli, as is for one accepting neither', async () => {
    const gz = await rawGet('/assets/index-B1x_9aZq.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(APP_JS);
    expect(gz.headers['cache-control']).toBe(HASHED_ASSET_CACHE_CONTROL);

    const plain = await rawGet('/assets/index-B1x_9aZq.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_JS);
    expect(plain.headers['cache-control']).toBe(HASHED_ASSET_CACHE_CONTROL);
  });

  it('as is when the build wrote no compressed copy', async () => {
    const res = await rawGet('/assets/tiny-Dc0tcoOr.js', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(SMALL_JS);
    expect(res.headers['cache-control']).toBe(HASHED_ASSET_CACHE_CONTROL);
  });

  it('with index.html, the service worker and the manifest always revalidated', async () => {
    for (const path of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const res = await rawGet(path, 'br, gzip');
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers.etag ?? res.headers['last-modified'], path).toBeDefined();
    }
    const root = await rawGet('/', 'br');
    expect(root.headers['content-encoding']).toBe('br');
    expect(root.headers['content-type']).toMatch(/text\/html/);
    expect(brotliDecompressSync(root.body).toString()).toBe(INDEX);
  });

  it('with the history-mode fallback answering index.html, compressed and revalidated', async () => {
    const res = await rawGet('/home/settings?tab=1', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(INDEX);
    expect((await rawGet('/assets/missing-abcdefgh.js', 'br')).status).toBe(404);
  });

  it('leaving API answers alone', async () => {
    const res = await rawGet('/api/v2/nothing-here', 'br, gzip');
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
    expect(JSON.parse(res.body.toString())).toMatchObject({ error: 'not_found' });
    const version = await rawGet('/version', 'br, gzip');
    expect(version.status).toBe(200);
    expect(version.headers['content-encoding']).toBeUndefined();
    expect(version.headers['cache-control'] ?? '').not.toContain('immutable');
  });
});

describe('cacheControlFor', () => {
  it('makes only content-hashed files under assets/ immutable', () => {
    expect(cacheControlFor('assets/index-B1x_9aZq.js')).toBe(HASHED_ASSET_CACHE_CONTROL);
    expect(cacheControlFor('assets/index-B1x_9aZq.js.br')).toBe(HASHED_ASSET_CACHE_CONTROL);
    expect(cacheControlFor('assets/style-CZ_Vq5l4.css.gz')).toBe(HASHED_ASSET_CACHE_CONTROL);
    expect(cacheControlFor('assets/maxPowerConfig.json')).toBe('no-cache');
    expect(cacheControlFor('index.html.br')).toBe('no-cache');
    expect(cacheControlFor('sw.js')).toBe('no-cache');
    expect(cacheControlFor('manifest.webmanifest')).toBe('no-cache');
    expect(cacheControlFor('icons/icon-192.png')).toBe('no-cache');
  });
});
