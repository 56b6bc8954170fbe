import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_EMAIL, DEMO_HOMES, DEMO_PASSWORD } from './demo/demo-seed';
import { getJson, login } from './test-support/http';
import { connectGateway } from './test-support/test-gateway';
import { startTestHearth, type TestHearth } from './test-support/test-hearth';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let t: TestHearth;
let web: string;
let mqttPort: number;
beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'hearth-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Hearth app</title>');
  writeFileSync(join(web, 'assets', 'app.js'), 'export const app = 1;');
  mqttPort = await freePort();
  t = await startTestHearth({
    embeddedBroker: true,
    env: { WEB_DIST: web, MQTT_PORT: String(mqttPort) },
  });
});
afterAll(async () => {
  await t.stop();
  rmSync(web, { recursive: true, force: true });
});

describe('the web app', () => {
  it('is served with history-mode fallback for app routes only', async () => {
    const root = await fetch(`${t.url}/`);
    expect(await root.text()).toContain('<title>Hearth app</title>');
    const deep = await fetch(`${t.url}/home/settings?tab=1`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toContain('text/html');
    expect(await deep.text()).toContain('<title>Hearth app</title>');
    expect(await (await fetch(`${t.url}/assets/app.js`)).text()).toBe('export const app = 1;');
    expect((await fetch(`${t.url}/assets/missing.js`)).status).toBe(404);
    // Unknown API paths stay JSON errors.
    expect(await getJson(`${t.url}/api/v2/nothing-here`)).toMatchObject({
      status: 404,
      body: { error: 'not_found', statusCode: 404 },
    });
  });
});

describe('catalog endpoints', () => {
  it('are mounted on the same server', async () => {
    const res = await fetch(`${t.url}/assets/maxPowerConfig.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});

describe('demo seed', () => {
  it('creates the demo account and homes once, however often it runs', async () => {
    const first = await t.hearth.seedDemo();
    const second = await t.hearth.seedDemo();
    expect(second).toEqual(first);
    expect(first).toMatchObject({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(first?.gateways.map((g) => [g.homeName, g.timezone, g.preset])).toEqual([
      ['Home', 'Europe/Madrid', 'house'],
      ['Flat', 'Europe/London', 'flat'],
    ]);
    expect(first?.gateways[0]?.secret).toBe(t.hearth.gatewaySecret(DEMO_HOMES[0]?.devId ?? ''));
    const token = (await login(t.url, DEMO_EMAIL, DEMO_PASSWORD)).access_token;
    const homes = (await getJson(`${t.url}/api/v2/grouped_devs`, token)).body as Array<{
      name: string;
      devs: Array<{ dev_id: string }>;
    }>;
    expect(homes.map((h) => [h.name, h.devs.map((d) => d.dev_id)])).toEqual(
      DEMO_HOMES.map((h) => [h.homeName, [h.devId]]),
    );
  });

  it('lets a demo gateway sign in over plain TCP when MQTT_PORT is set', async () => {
    const seed = await t.hearth.seedDemo();
    const gw = seed?.gateways[1];
    if (!gw) throw new Error('no demo gateway');
    const client = await connectGateway(`mqtt://127.0.0.1:${mqttPort}`, gw.devId, gw.secret);
    await vi.waitFor(async () =>
      expect((await t.repos.devices.find(gw.devId))?.connected).toBe(true),
    );
    await client.end();
  });
});
