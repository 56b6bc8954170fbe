import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readdirSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHearth, loadConfig, type Hearth } from '@hearth/server';
import { gatewaySecret, startFleet, type Fleet } from '@hearth/simulator';
import { freshEmail } from './accounts-mail';
import { freshDevId } from './homes-fixtures';
import { ownHome, type OwnHome } from './heating-fixtures';

/*
 * Linking a vendor cloud account in the browser, end to end. The journeys' server plays the
 * vendor cloud (it speaks the same wire format): a fresh account there owns a home whose
 * simulated gateway has the Lounge radiator. The owner's own Hearth is a second server started
 * here (E2E_PORT + 3), serving the same built app, with the journeys' server listed as its
 * only cloud. In the browser: link the account, bring its gateway into a home, see it on the
 * dashboard with where it comes from, unlink it (it stays, no longer updated).
 */
const PORT = Number(process.env.E2E_PORT ?? 4319) + 3;
const GATEWAY_KEY = 'e2e-cloud-link-gateway-key-0123';
const PASSWORD = 'cloud_link_pw1';

let cloud: OwnHome;
let own: Hearth;
let ownUrl: string;
let ownFleet: Fleet | undefined;
let ownDataDir: string;
const email = freshEmail('cloud-link');

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The registration link the owner's Hearth mailed (its outbox, DATA_DIR/outbox). */
function confirmLink(): string | undefined {
  const outbox = join(ownDataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
  } catch {
    return undefined;
  }
  for (const f of files) {
    const text = decodeQuotedPrintable(readFileSync(join(outbox, f), 'utf8'));
    const link = (text.match(/https?:\/\/[^\s"<>]+/g) ?? [])
      .map((l) => l.replace(/&amp;/g, '&'))
      .find((l) => l.includes('/registration-confirm/'));
    if (link) return link;
  }
  return undefined;
}

/** A confirmed account on the owner's Hearth with a home of its own (a simulated gateway). */
async function ownAccount(request: APIRequestContext): Promise<void> {
  const made = await request.post(`${ownUrl}/api/v2/users`, {
    data: { email, password: PASSWORD, serialid: '01.01', lang: 'en', frontend_host: ownUrl },
  });
  expect(made.status(), await made.text()).toBeLessThan(300);
  await expect.poll(confirmLink, { message: 'the registration mail' }).toBeDefined();
  const link = new URL(confirmLink() ?? '');
  const verify = await request.post(`${ownUrl}/api/v2/users/verify`, {
    data: { user: link.searchParams.get('user'), code: link.searchParams.get('code') },
  });
  expect(verify.status()).toBe(200);
  const token = await request.post(`${ownUrl}/client/token`, {
    headers: {
      Authorization: `Basic ${Buffer.from('hearth-app:hearth-dev-secret').toString('base64')}`,
    },
    form: { grant_type: 'password', username: email, password: PASSWORD },
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}` };
  const userId = (
    JSON.parse(Buffer.from(access_token.split('.')[1] ?? '', 'base64url').toString()) as {
      userId: string;
    }
  ).userId;
  await request.post(`${ownUrl}/api/v2/users/${userId}/privacy`, {
    headers,
    data: { accepted: true },
  });
  const devId = freshDevId();
  ownFleet = await startFleet({
    mqttUrl: `${ownUrl.replace(/^http/, 'ws')}/mqtt`,
    reportIntervalMs: 5_000,
    gateways: [
      {
        devId,
        secret: gatewaySecret(GATEWAY_KEY, devId),
        timezone: 'Europe/Madrid',
        nodes: [{ type: 'htr', name: 'Study', addr: 1 }],
      },
    ],
  });
  const add = await request.post(`${ownUrl}/api/v2/devs`, {
    headers,
    data: {
      country: 'ES',
      state: 'Madrid',
      city: 'Madrid',
      zip: '28001',
      tz_code: 'Europe/Madrid',
      groupData: { name: 'Flat', id: devId.padEnd(32, 'f') },
      dev_id: devId,
      serial_id: '01',
      name: 'Flat gateway',
      product_id: '0105',
    },
  });
  expect(add.status(), await add.text()).toBeLessThan(300);
}

async function signInOwn(page: Page): Promise<void> {
  await page.goto(`${ownUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(`${ownUrl}/`);
}

test.beforeAll(async ({ request, baseURL }) => {
  test.setTimeout(180_000);
  cloud = await ownHome(request, baseURL ?? '', [{ type: 'htr', name: 'Lounge', addr: 2 }]);
  ownDataDir = mkdtempSync(join(tmpdir(), 'hearth-e2e-cloud-link-'));
  const webDist =
    process.env.WEB_DIST ?? fileURLToPath(new URL('../../packages/web/dist', import.meta.url));
  own = await createHearth(
    loadConfig({
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: ownDataDir,
      DATABASE_URL: 'memory://',
      WEB_DIST: webDist,
      GATEWAY_KEY,
      JWT_SECRET: 'e2e-cloud-link-jwt-secret-0123456789',
      DEMO: 'false',
      LOG_LEVEL: 'warn',
      CLOUD_UPSTREAMS_JSON: JSON.stringify([
        {
          name: 'e2e-cloud',
          label: 'Test cloud',
          apiBaseUrl: baseURL,
          clientId: 'hearth-app',
          clientSecret: 'hearth-dev-secret',
          serialId: '01.01',
          referer: baseURL,
          clockMonthFrom: 1,
        },
      ]),
    }),
  );
  ownUrl = await own.listen();
  await ownAccount(request);
});

test.afterAll(async () => {
  await ownFleet?.stop();
  await cloud?.fleet.stop();
  await own?.close();
});

test('link a cloud account, bring its gateway into a home, see it on the dashboard, unlink it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInOwn(page);
  await page.goto(`${ownUrl}/cloud-links`);
  await expect(page.getByText('No cloud account is linked yet.')).toBeVisible();
  await page.getByLabel('Cloud', { exact: true }).selectOption({ label: 'Test cloud' });
  await page.getByLabel('E-mail of the vendor account').fill(cloud.email);
  await page.getByLabel('Password of the vendor account').fill(cloud.password);
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  // Linked, the account's homes and devices on the cloud are offered at once.
  await expect(page).toHaveURL(/\/cloud-links\/[^/]+\/devices$/);
  await expect(page.getByRole('group', { name: 'Block' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Block gateway' }).check();
  await page.getByRole('radio', { name: 'Flat' }).check();
  await page.getByRole('button', { name: 'Bring 1 device into Hearth' }).click();
  await expect(page.getByText('Devices brought into Hearth.')).toBeVisible();

  // On the dashboard: the cloud's gateway with its radiator, where it comes from and its link.
  await page.goto(`${ownUrl}/`);
  const linked = page.getByRole('region', { name: 'Block gateway' });
  await expect(linked.getByTestId('device-link-state')).toHaveText(
    'Linked from Test cloud: connected',
    { timeout: 30_000 },
  );
  await expect(linked.getByText('Lounge')).toBeVisible({ timeout: 30_000 });
  // The owner's own gateway says nothing of a cloud.
  await expect(
    page.getByRole('region', { name: 'Flat gateway' }).getByTestId('device-link-state'),
  ).toHaveCount(0);

  // Unlinked, it stays in its home with its records, no longer from the cloud.
  await page.goto(`${ownUrl}/cloud-links`);
  await page.getByRole('button', { name: 'Unlink Block gateway' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('It stays in its home with its records');
  await dialog.getByRole('button', { name: 'Unlink' }).click();
  await expect(page.getByText('No device of this account is in Hearth yet.')).toBeVisible();
  await page.goto(`${ownUrl}/`);
  const kept = page.getByRole('region', { name: 'Block gateway' });
  await expect(kept).toBeVisible();
  await expect(kept.getByTestId('device-link-state')).toHaveCount(0);
  await expect(kept.getByTestId('device-disconnected')).toBeVisible({ timeout: 30_000 });
});
