import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_BRANDS } from './brands';
import { closedPortUrl, startCatalog, type RunningCatalog } from './test-servers';

let catalog: RunningCatalog;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hearth-brand-img-'));
  const nowhere = await closedPortUrl();
  catalog = await startCatalog({ weatherBaseUrl: nowhere, geocoderBaseUrl: nowhere, dataDir });
});

afterAll(async () => {
  await catalog.app.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('brand logos (spec 1 §7 logo assets)', () => {
  it('serves the main logo and logo of every bundled brand, and the default secondary logo, as SVG', async () => {
    const names = Object.values(BUNDLED_BRANDS).map((b) => b.css.brand);
    const files = [
      ...names.flatMap((n) => [`main-logo-${n}.svg`, `logo-${n}.svg`]),
      'logo-secondary-default.svg',
    ];
    for (const file of files) {
      for (const prefix of ['/webapp/v3/img', '/webapp/v3/assets']) {
        const res = await fetch(`${catalog.url}${prefix}/${file}`);
        expect(res.status, `${prefix}/${file}`).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/svg+xml');
        expect(await res.text()).toContain('<svg');
      }
    }
  });

  it("prefers the operator's file in DATA_DIR/branding/img over the bundled one", async () => {
    await mkdir(join(dataDir, 'branding', 'img'), { recursive: true });
    await writeFile(join(dataDir, 'branding', 'img', 'logo-hearth.svg'), '<svg id="operator"/>');
    const res = await fetch(`${catalog.url}/webapp/v3/img/logo-hearth.svg`);
    expect(await res.text()).toBe('<svg id="operator"/>');
  });

  it('answers 404 for an unknown image and 400 for names that are not plain image files', async () => {
    const missing = await fetch(`${catalog.url}/webapp/v3/img/logo-nobody.svg`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ statusCode: 404, error: 'not_found' });
    for (const bad of ['..%2Fbrands.json', 'logo.exe', '.hidden.svg', 'a..svg']) {
      const res = await fetch(`${catalog.url}/webapp/v3/img/${bad}`);
      expect(res.status, bad).toBe(400);
    }
  });
});
