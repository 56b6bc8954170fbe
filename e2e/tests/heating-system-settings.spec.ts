import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures';
import {
  api,
  demoNode,
  nodePath,
  readProg,
  restoreProg,
  type Api,
  type DemoNode,
  type Prog,
} from './heating-fixtures';

const HEATERS = ['Living room', 'Kitchen', 'Bedroom'];
const STORAGE = 'Hall storage heater';

const progResol = async (client: Api, n: DemoNode) =>
  Number((await client.get<{ prog_resol?: number }>(`${nodePath(n)}/setup`)).prog_resol ?? 0);

/** The heater cards of the demo Home in the order the dashboard shows them. */
async function cardOrder(page: Page): Promise<string[]> {
  const home = page.getByRole('region', { name: 'Home', exact: true });
  return home
    .getByRole('article')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));
}

let client: Api;
let nodes: DemoNode[];
let originals: Prog[];

test.beforeEach(async ({ request }) => {
  client = await api(request);
  nodes = await Promise.all([...HEATERS, STORAGE].map((name) => demoNode(client, 'Home', name)));
  originals = await Promise.all(nodes.map((n) => readProg(client, n)));
});

test.afterEach(async () => {
  // The programmes (and their resolutions) go back as they were for the other journeys.
  for (const [i, n] of nodes.entries()) await restoreProg(client, n, originals[i] ?? {});
});

test('heater system settings: schedule method per home and per storage heater, node order', async ({
  page,
}) => {
  const [living] = nodes;
  const storage = nodes[HEATERS.length];
  if (!living || !storage) throw new Error('demo nodes missing');
  await signIn(page);
  await expect.poll(() => cardOrder(page)).toEqual([...HEATERS, STORAGE]);

  // From the dashboard: the gateway's settings, then its heater system settings.
  // The dashboard may re-render the link while the gateways report in: click until it leads on.
  const systemLink = page.getByRole('link', { name: 'Heater system settings' });
  await expect(async () => {
    await page
      .getByRole('link', { name: 'Configure device Home gateway' })
      .click({ timeout: 5_000 });
    await expect(systemLink).toBeVisible({ timeout: 5_000 });
  }).toPass();
  await systemLink.click();
  await expect(page).toHaveURL(new RegExp(`/devs/${living.devId}/system/htr/settings$`));

  // Per home: every heater of the home moves to 30-minute slots, and back.
  const slots = page.getByRole('group', { name: 'Slot length' });
  await expect(slots.getByRole('radio', { name: '60 minutes' })).toBeChecked();
  await slots.getByRole('radio', { name: '30 minutes' }).check();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  for (const n of nodes.slice(0, HEATERS.length))
    await expect.poll(() => progResol(client, n)).toBe(1);
  // Storage heaters keep their own method.
  expect(await progResol(client, storage)).toBe(0);
  // The gateway reports the new setups: the choice holds after a reload.
  await expect.poll(async () => (await readProg(client, living))['0']?.length).toBe(48);
  await page.reload();
  await expect(slots.getByRole('radio', { name: '30 minutes' })).toBeChecked();
  await slots.getByRole('radio', { name: '60 minutes' }).check();
  for (const n of nodes.slice(0, HEATERS.length))
    await expect.poll(() => progResol(client, n)).toBe(0);

  // Node sort method: by name orders the dashboard's heaters alphabetically, remembered.
  await page.getByRole('radio', { name: 'By name' }).check();
  await page.goto('/');
  await expect
    .poll(() => cardOrder(page))
    .toEqual(['Bedroom', 'Hall storage heater', 'Kitchen', 'Living room']);
  await page.reload();
  await expect
    .poll(() => cardOrder(page))
    .toEqual(['Bedroom', 'Hall storage heater', 'Kitchen', 'Living room']);

  // Per storage heater: its own schedule method.
  await page.goto(`/homes/${storage.homeId}/devs/${storage.devId}/system/acm/settings`);
  const own = page.getByRole('group', { name: STORAGE });
  await expect(own.getByRole('radio', { name: '60 minutes' })).toBeChecked();
  await own.getByRole('radio', { name: '30 minutes' }).check();
  await expect.poll(() => progResol(client, storage)).toBe(1);
  for (const n of nodes.slice(0, HEATERS.length)) expect(await progResol(client, n)).toBe(0);
  await expect(page.getByRole('radio', { name: 'By name' })).toBeChecked();
  await page.getByRole('radio', { name: 'By address' }).check();
  await page.goto('/');
  await expect.poll(() => cardOrder(page)).toEqual([...HEATERS, STORAGE]);
});
