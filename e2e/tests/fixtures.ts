import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

// The demo account that `npm start` seeds (packages/server/src/demo/demo-seed.ts).
export const DEMO_EMAIL = 'demo@hearth.local';
export const DEMO_PASSWORD = 'hearth-demo';
// The development OAuth client (packages/protocol DEV_CLIENT_ID / DEV_CLIENT_SECRET).
const CLIENT = Buffer.from('hearth-app:hearth-dev-secret').toString('base64');

export async function signIn(page: Page, email = DEMO_EMAIL, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/$/);
}

/** A token for calling the API as a third-party client of the wire format would. */
export async function apiToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/client/token', {
    headers: { Authorization: `Basic ${CLIENT}` },
    form: { grant_type: 'password', username: DEMO_EMAIL, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { access_token: string };
  return body.access_token;
}

/** Reads a temperature such as "19.5 °C" off the screen. */
export function degrees(text: string | null): number {
  const match = /-?\d+(\.\d+)?/.exec(text ?? '');
  if (!match) throw new Error(`no temperature in ${JSON.stringify(text)}`);
  return Number(match[0]);
}

/**
 * A home in the dashboard's home switcher: the carousel (up to 8 homes) or the dropdown (more;
 * journeys that add homes to the demo account push it past 8).
 */
export function homeChoice(page: Page, name: string): Locator {
  return page
    .getByRole('navigation', { name: 'Home' })
    .getByRole('button', { name, exact: true })
    .or(page.getByRole('combobox', { name: 'Home' }).getByRole('option', { name, exact: true }))
    .first();
}

/** Shows a home on the dashboard through its switcher, whichever form the switcher has. */
export async function chooseHome(page: Page, name: string): Promise<void> {
  await expect(homeChoice(page, name)).toBeAttached();
  const dropdown = page.getByRole('combobox', { name: 'Home' });
  if (await dropdown.isVisible()) await dropdown.selectOption({ label: name });
  else await homeChoice(page, name).click();
}
