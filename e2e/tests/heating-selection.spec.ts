import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures';
import { ownHome, type OwnHome } from './heating-fixtures';

let home: OwnHome | undefined;

test.afterEach(async () => {
  await home?.fleet.stop();
  home = undefined;
});

const card = (page: Page, addr: number) =>
  page
    .locator(`article[data-testid="node-card"][data-node-addr="${addr}"]`)
    .locator('visible=true');

/** From a dashboard card, in the app (the selection lives in memory): detail, then settings. */
async function openSettings(page: Page, addr: number) {
  await card(page, addr).getByRole('link').last().click();
  await page
    .getByRole('navigation', { name: 'Heater actions' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/htr/${addr}/settings$`));
  const visible = (name: string) => page.getByRole('button', { name, exact: true });
  await visible('Show advanced settings').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Accept' }).click();
  return visible;
}

test('a deleted or replaced node leaves the dashboard selection', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  home = await ownHome(request, baseURL ?? '', [
    { type: 'htr', name: 'Study', addr: 1 },
    { type: 'htr', name: 'Lounge', addr: 2 },
    { type: 'htr', name: 'Nursery', addr: 3 },
  ]);
  await signIn(page, home.email, home.password);
  const check = (addr: number) => card(page, addr).getByRole('checkbox');
  await expect(check(3)).toBeVisible({ timeout: 30_000 });
  for (const addr of [1, 2, 3]) await check(addr).check();
  await expect(page.getByText('Selected 3/3')).toBeVisible();

  // Delete Lounge: the selection keeps the other two.
  const deleteButton = await openSettings(page, 2);
  await deleteButton('Delete').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/(\?homeIndex=\d+)?$/);
  await expect(card(page, 2)).toHaveCount(0);
  await expect(page.getByText('Selected 2/2')).toBeVisible();
  await expect(check(1)).toBeChecked();
  await expect(check(3)).toBeChecked();

  // Replace Study: once discovery puts a new node at its address, it starts unselected.
  const replaceButton = await openSettings(page, 1);
  await replaceButton('Replace').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/discovery\?nodeType=htr&addr=1/);
  await expect(page.getByTestId('discovered-count').locator('visible=true')).toHaveText('1', {
    timeout: 30_000,
  });
  await page.getByText('Done', { exact: true }).locator('visible=true').click();
  await expect(check(1)).toBeVisible({ timeout: 30_000 });
  await expect(check(1)).not.toBeChecked();
  await expect(check(3)).toBeChecked();
});

test('the selection opens the weekly schedule of the selected nodes at once', async ({
  page,
  request,
  baseURL,
}) => {
  home = await ownHome(request, baseURL ?? '', [
    { type: 'htr', name: 'Study', addr: 1 },
    { type: 'htr', name: 'Lounge', addr: 2 },
  ]);
  await signIn(page, home.email, home.password);
  const check = (addr: number) => card(page, addr).getByRole('checkbox');
  await expect(check(2)).toBeVisible({ timeout: 30_000 });
  await check(1).check();
  await check(2).check();
  await page.getByRole('link', { name: 'Configure selected' }).locator('visible=true').click();
  await expect(page).toHaveURL(
    /\/homes\/[^/]+\/schedule\?nodes=[0-9a-f]+\.htr\.1,[0-9a-f]+\.htr\.2$/,
  );
  await expect(page.getByTestId('schedule-selected').locator('visible=true')).toContainText(
    'Selected devices (2)Study, Lounge',
  );
});
