import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandsFileSchema,
  capabilitiesSchema,
  CLIENT_DATA_FILES,
  clientDataSchemas,
  LANGUAGES,
  maxPowerOptionSchema,
  WIFI_HEATER_PRODUCT_IDS,
} from '@hearth/protocol';
import { closedPortUrl, rawGet, startCatalog, type RunningCatalog } from './test-servers';

let catalog: RunningCatalog;
let dataDir: string;

const getJson = async (
  path: string,
): Promise<{ status: number; body: unknown; headers: Headers }> => {
  const res = await fetch(`${catalog.url}${path}`);
  return { status: res.status, body: await res.json(), headers: res.headers };
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'hearth-catalog-'));
  const nowhere = await closedPortUrl();
  catalog = await startCatalog({ weatherBaseUrl: nowhere, geocoderBaseUrl: nowhere, dataDir });
});

afterAll(async () => {
  await catalog.app.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('GET /webapp/v3/json/brands.json', () => {
  it('answers the Hearth brand and a variant keyed by 2-character serial key, in the brand shape', async () => {
    const { status, body } = await getJson('/webapp/v3/json/brands.json');
    expect(status).toBe(200);
    const brands = brandsFileSchema.parse(body);
    expect(Object.keys(brands).sort()).toEqual(['01', '02']);
    expect(brands['01']?.css).toEqual({
      brand: 'hearth',
      sbrand: '',
      cprimary: brands['01']?.cprimary,
    });
    expect(brands['02']?.css.brand).not.toBe(brands['01']?.css.brand);
    const products = brands['01']?.productos[0];
    expect(products?.Radiadores.map((p) => p.codigo)).toEqual(['RMN', 'RVM']);
    expect(products?.Acumuladores.map((p) => p.codigo)).toEqual(['ACM']);
    expect(products?.Termostatos.map((p) => p.codigo)).toEqual(['SRE']);
    expect(products?.Medidores.map((p) => p.codigo)).toEqual(['pmo']);
    expect(products?.wifiHeaters.map((p) => p.codigo)).toEqual([...WIFI_HEATER_PRODUCT_IDS]);
  });
});

describe('GET /client-data/{serialId}/{file}.json', () => {
  it('answers every file of the default brand in its schema', async () => {
    for (const file of CLIENT_DATA_FILES) {
      const { status, body } = await getJson(`/client-data/01/${file}.json`);
      expect(status, file).toBe(200);
      expect(clientDataSchemas[file].safeParse(body).success, file).toBe(true);
    }
    const caps = capabilitiesSchema.parse(
      (await getJson('/client-data/01/capabilities.json')).body,
    );
    expect(caps.supportedLanguages).toEqual([...LANGUAGES]);
    expect(caps.supportedTimezones).toContain('Atlantic/Canary');
    expect(caps.supportedNodeTypes).toEqual(['htr', 'acm', 'pmo', 'thm']);
  });

  it('answers the variant brand its own data', async () => {
    const own = await getJson('/client-data/02/appParameters.json');
    expect(own.body).toMatchObject({ title: 'Calora' });
  });

  it('falls back to the default brand for an unknown serial', async () => {
    const unknown = await getJson('/client-data/ZZ.123/appParameters.json');
    const fallback = await getJson('/client-data/01/appParameters.json');
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(fallback.body);
  });

  it('answers 404 with the error body for an unknown file name', async () => {
    for (const file of ['secrets.json', 'capabilities', 'capabilities.txt']) {
      const { status, body } = await getJson(`/client-data/01/${file}`);
      expect(status, file).toBe(404);
      expect(body).toMatchObject({ statusCode: 404, error: 'not_found' });
      expect(typeof (body as { message: unknown }).message).toBe('string');
    }
  });

  it('refuses serial ids that could leave the client-data folder', async () => {
    for (const path of [
      '/client-data/../capabilities.json',
      '/client-data/..%2F..%2Fetc/capabilities.json',
      '/client-data/%2e%2e/capabilities.json',
      '/client-data/01..02/capabilities.json',
      '/client-data/a%5Cb/capabilities.json',
    ]) {
      const { status, body } = await rawGet(catalog.url, path);
      expect(status, path).toBe(400);
      expect(body, path).toMatchObject({ statusCode: 400, error: 'validation_failed' });
    }
  });
});

describe('operator overrides in DATA_DIR', () => {
  it('win over the bundled data as soon as the files exist, without a restart', async () => {
    const before = await getJson('/client-data/01/appParameters.json');
    expect(before.body).toMatchObject({ title: 'Hearth' });

    await mkdir(join(dataDir, 'client-data', '01'), { recursive: true });
    await writeFile(
      join(dataDir, 'client-data', '01', 'appParameters.json'),
      JSON.stringify({ title: 'Casa Fría' }),
    );
    await mkdir(join(dataDir, 'client-data', 'AB'), { recursive: true });
    await writeFile(
      join(dataDir, 'client-data', 'AB', 'resources.json'),
      JSON.stringify({ iosAppLink: 'https://apps.example/ab' }),
    );
    await mkdir(join(dataDir, 'branding'), { recursive: true });
    const operatorBrand = {
      ...((await getJson('/webapp/v3/json/brands.json')).body as Record<string, object>)['01'],
      brand_url_label: 'op.example',
    };
    await writeFile(
      join(dataDir, 'branding', 'brands.json'),
      JSON.stringify({ '01': operatorBrand, '07': operatorBrand }),
    );

    const after = await getJson('/client-data/01/appParameters.json');
    // Keys the operator left out still come from the bundled file.
    expect(after.body).toEqual({ ...(before.body as object), title: 'Casa Fría' });
    // An unknown serial falls back to the operator's default-brand file.
    expect((await getJson('/client-data/XY/appParameters.json')).body).toMatchObject({
      title: 'Casa Fría',
    });
    // A bundled brand keeps its own data rather than the operator's default.
    expect((await getJson('/client-data/02/appParameters.json')).body).toMatchObject({
      title: 'Calora',
    });
    expect((await getJson('/client-data/AB/resources.json')).body).toMatchObject({
      iosAppLink: 'https://apps.example/ab',
      androidAppLink: '',
    });

    const brands = (await getJson('/webapp/v3/json/brands.json')).body as Record<
      string,
      { brand_url_label: string }
    >;
    expect(brands['01']?.brand_url_label).toBe('op.example');
    expect(brands['07']?.brand_url_label).toBe('op.example');
    expect(brands['02']?.brand_url_label).toBe('calora.example');
  });

  it('ignore a broken or ill-typed override instead of failing', async () => {
    await mkdir(join(dataDir, 'client-data', 'BR'), { recursive: true });
    await writeFile(join(dataDir, 'client-data', 'BR', 'capabilities.json'), '{ not json');
    await writeFile(
      join(dataDir, 'client-data', 'BR', 'nodeParameters.json'),
      JSON.stringify({ tempThresholds: 'hot' }),
    );
    const caps = await getJson('/client-data/BR/capabilities.json');
    expect(caps.status).toBe(200);
    expect(caps.body).toEqual((await getJson('/client-data/01/capabilities.json')).body);
    const node = await getJson('/client-data/BR/nodeParameters.json');
    expect(node.status).toBe(200);
    expect(clientDataSchemas.nodeParameters.safeParse(node.body).success).toBe(true);
  });
});

describe('GET /assets/maxPowerConfig.json', () => {
  it('lists ascending values within 1000–60000 W with kW labels, including the spec defaults', async () => {
    const { status, body } = await getJson('/assets/maxPowerConfig.json');
    expect(status).toBe(200);
    const options = maxPowerOptionSchema.array().parse(body);
    const values = options.map((o) => o.value);
    expect(values[0]).toBe(1000);
    expect(values.at(-1)).toBe(60000);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBe(values.length);
    expect(values).toEqual(expect.arrayContaining([5000, 15000]));
    expect(options.find((o) => o.value === 1500)?.label).toBe('1.5 kW');
  });

  it('takes an operator list from DATA_DIR/assets, and ignores one out of bounds', async () => {
    const bundled = (await getJson('/assets/maxPowerConfig.json')).body;
    await mkdir(join(dataDir, 'assets'), { recursive: true });
    await writeFile(
      join(dataDir, 'assets', 'maxPowerConfig.json'),
      JSON.stringify([{ value: 3300, label: '3.3 kW' }]),
    );
    expect((await getJson('/assets/maxPowerConfig.json')).body).toEqual([
      { value: 3300, label: '3.3 kW' },
    ]);
    await writeFile(
      join(dataDir, 'assets', 'maxPowerConfig.json'),
      JSON.stringify([{ value: 70000, label: 'too much' }]),
    );
    expect((await getJson('/assets/maxPowerConfig.json')).body).toEqual(bundled);
  });
});
