import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gatewaySecret, startFleet, type Fleet, type NodeSpec } from '@hearth/simulator';
import { mailedLink } from './accounts-mail';

const CLIENT = Buffer.from('hearth-app:hearth-dev-secret').toString('base64');

/** A device id nobody has used: 18 hexadecimal characters. */
export function freshDevId(): string {
  return `e2e${randomBytes(8).toString('hex')}0`.slice(0, 18);
}

function gatewayKey(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts');
  const secrets = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')) as {
    gatewayKey: string;
  };
  return secrets.gatewayKey;
}

/** One extra simulated gateway speaking MQTT over the server's WebSocket, like a real one. */
export async function startGateway(
  baseURL: string,
  devId: string,
  nodes: NodeSpec[],
): Promise<Fleet> {
  const url = new URL(baseURL);
  return startFleet({
    mqttUrl: `ws://${url.host}/mqtt`,
    reportIntervalMs: 5_000,
    gateways: [
      { devId, secret: gatewaySecret(gatewayKey(), devId), timezone: 'Europe/Madrid', nodes },
    ],
  });
}

export async function tokenFor(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/client/token', {
    headers: { Authorization: `Basic ${CLIENT}` },
    form: { grant_type: 'password', username: email, password },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A confirmed account of someone else, made through the public API and its mailed link. */
export async function otherUser(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  password: string,
) {
  const res = await request.post('/api/v2/users', {
    data: { email, password, serialid: '01.01', lang: 'en', frontend_host: baseURL },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const link = new URL(await mailedLink(email, 'registration-confirm'));
  const verify = await request.post('/api/v2/users/verify', {
    data: { user: link.searchParams.get('user'), code: link.searchParams.get('code') },
  });
  expect(verify.status()).toBe(200);
  return tokenFor(request, email, password);
}

/** The newest visible match: Ionic keeps earlier pages of the stack in the DOM. */
export function visible(locator: Locator): Locator {
  return locator.locator('visible=true').last();
}

export function field(page: Page, name: string): Locator {
  return visible(page.getByLabel(name, { exact: true }));
}

export async function fillHomeData(page: Page, name: string, zip = '28001') {
  await field(page, 'Country').selectOption('ES');
  await field(page, 'Region').selectOption({ index: 1 });
  await field(page, 'City').fill('Madrid');
  await field(page, 'Postcode').fill(zip);
  await field(page, 'Home name').fill(name);
}
