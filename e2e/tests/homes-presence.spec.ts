import { expect, test, type Page } from '@playwright/test';
import { freshEmail, mailedText } from './accounts-mail';
import { chooseHome, signIn } from './fixtures';
import { api, type Api } from './heating-fixtures';

// Spec 2 §2 and §4: a home's system config (at home / away on every gateway, quiet-home
// notifications with their e-mail, test and excluded nodes) and the home list's sort settings.
const HOME = 'Flat';
/** The dashboard, on the home it was showing (`homeIndex`). */
const DASHBOARD = /\/(\?homeIndex=\d+)?$/;

interface Presence {
  email: string;
  enabled: boolean;
  excluded_nodes: Array<{ devid: string; nodes: number[] }>;
}
interface Group {
  id: string;
  name: string;
  devs: Array<{ dev_id: string }>;
}

let client: Api;
let home: Group;
let original: Presence;

const presencePath = () => `/api/notifications/v1/${home.id}/presence/config`;
const awayOf = async (devId: string) =>
  (await client.get<{ away: boolean }>(`/api/v2/devs/${devId}/mgr/away_status`)).away;
const everyAway = async () => Promise.all(home.devs.map((d) => awayOf(d.dev_id)));

test.beforeEach(async ({ request }) => {
  client = await api(request);
  const groups = await client.get<Group[]>('/api/v2/grouped_devs');
  const found = groups.find((g) => g.name === HOME);
  if (!found) throw new Error(`no demo home ${HOME}`);
  home = found;
  original = await client.get<Presence>(presencePath());
});

test.afterEach(async () => {
  // The home goes back to at home and its quiet-home settings as they were.
  for (const d of home.devs)
    await client.post(`/api/v2/devs/${d.dev_id}/mgr/away_status`, { away: false });
  await client.post(presencePath(), original);
});

/** Opens the home's config from its dashboard header (spec 1 §2: only while it is connected). */
async function openConfig(page: Page) {
  await chooseHome(page, HOME);
  const region = page.getByRole('region', { name: HOME, exact: true });
  await region.getByRole('link', { name: `${HOME}, home settings` }).click();
  await expect(page).toHaveURL(new RegExp(`/homes/${home.id}/config$`));
  await expect(page.getByRole('banner').getByText(`${HOME}: home settings`)).toBeVisible();
}

test('home config: away on every gateway, quiet-home e-mail, test and excluded nodes', async ({
  page,
}) => {
  await signIn(page);
  await openConfig(page);

  // Away: saved on every gateway of the home, then back to the dashboard with its flag.
  await expect(page.getByRole('radio', { name: 'At home' })).toBeChecked();
  await page.getByRole('radio', { name: 'Away' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect.poll(everyAway).toEqual(home.devs.map(() => true));
  await expect(page).toHaveURL(DASHBOARD);
  const region = page.getByRole('region', { name: HOME, exact: true });
  await expect(region.getByRole('img', { name: 'Away' })).toBeVisible();

  // Quiet home: the switch is saved at once; the e-mail with the form.
  await openConfig(page);
  await expect(page.getByRole('radio', { name: 'Away' })).toBeChecked();
  const notify = page.getByRole('switch', { name: 'Notify me when the home is quiet' });
  await expect(notify).not.toBeChecked();
  await notify.check();
  await expect.poll(async () => (await client.get<Presence>(presencePath())).enabled).toBe(true);
  const address = freshEmail('quiet');
  await page.getByLabel('Notification e-mail').fill(address);
  await page.getByRole('radio', { name: 'At home' }).check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(page).toHaveURL(DASHBOARD);
  expect((await client.get<Presence>(presencePath())).email).toBe(address);
  await expect.poll(everyAway).toEqual(home.devs.map(() => false));
  await expect(region.getByRole('img', { name: 'Quiet-home notifications on' })).toBeVisible();
  await expect(region.getByRole('img', { name: 'Away' })).toHaveCount(0);

  // A test notification goes to the saved address.
  await openConfig(page);
  await page.getByRole('button', { name: 'Send a test' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Test notification sent' }),
  ).toBeVisible();
  expect(await mailedText(address)).toContain(`quiet-home notifications of "${HOME}"`);

  // Excluded nodes: one heater of the home stays out of the notifications.
  await page.getByRole('link', { name: 'Excluded nodes' }).click();
  await expect(page.getByRole('banner').getByText('Excluded nodes')).toBeVisible();
  const first = page.getByRole('checkbox', { name: /^Exclude / }).first();
  const label = await first.evaluate((el) => el.closest('label')?.textContent?.trim() ?? '');
  expect(label).toMatch(/^Exclude \S/);
  await first.check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect
    .poll(async () => (await client.get<Presence>(presencePath())).excluded_nodes.length)
    .toBe(1);
  const stored = (await client.get<Presence>(presencePath())).excluded_nodes[0];
  expect(home.devs.map((d) => d.dev_id)).toContain(stored?.devid);
  expect(stored?.nodes).toHaveLength(1);
  // Back on the config page; reopening the list shows the same node ticked.
  await expect(page).toHaveURL(new RegExp(`/homes/${home.id}/config$`));
  await page.getByRole('link', { name: 'Excluded nodes' }).click();
  await expect(page.getByRole('checkbox', { name: label, exact: true })).toBeChecked();
});

test('home list sort settings: by name or by id, kept on this device', async ({ page }) => {
  await signIn(page);
  // By id, the default ("creation order": the app makes time-ordered ids, spec 2 §3).
  const flatId = home.id;
  const homeId = (await client.get<Group[]>('/api/v2/grouped_devs')).find(
    (g) => g.name === 'Home',
  )?.id;
  if (!homeId) throw new Error('no demo home Home');
  const flatFirstById = flatId.localeCompare(homeId) < 0;
  await page.goto('/list');
  const list = page.getByRole('list', { name: 'Homes' });
  const names = async () => (await list.getByRole('link').allInnerTexts()).map((t) => t.trim());
  // Journeys before this one may add homes: only Flat and Home are compared.
  const position = async (name: string) => (await names()).indexOf(name);
  const flatFirst = async () => (await position('Flat')) < (await position('Home'));
  await expect.poll(() => position('Flat')).toBeGreaterThan(-1);
  expect(await flatFirst()).toBe(flatFirstById);

  await page.getByRole('link', { name: 'Sort homes' }).click();
  await expect(page).toHaveURL(/\/list\/config$/);
  await expect(page.getByRole('radio', { name: 'Creation order' })).toBeChecked();
  await page.getByRole('radio', { name: 'Name' }).check();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/list$/);
  await expect.poll(flatFirst).toBe(true);

  // Kept across a reload, and back to the order by id.
  await page.reload();
  await expect.poll(() => position('Flat')).toBeGreaterThan(-1);
  expect(await flatFirst()).toBe(true);
  await page.getByRole('link', { name: 'Sort homes' }).click();
  await expect(page.getByRole('radio', { name: 'Name' })).toBeChecked();
  await page.getByRole('radio', { name: 'Creation order' }).check();
  await page.goto('/list');
  await expect.poll(() => position('Home')).toBeGreaterThan(-1);
  expect(await flatFirst()).toBe(flatFirstById);
});
