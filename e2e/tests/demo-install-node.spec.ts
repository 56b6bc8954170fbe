import { expect, test } from '@playwright/test';
import { expectNothingLeft, startDemo } from './demo-network';
import { visible } from './homes-fixtures';

const CITY_FLAT = '00000000-0000-4000-8000-0000000de002';

// Spec 2 §4 node discovery in demo mode: the demo gateway "finds" a heater, which then shows
// on the dashboard; nothing leaves the browser.
test('demo: install a heater by discovery on the city flat gateway', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const watch = await startDemo(page, baseURL);
  const picker = page.getByRole('navigation', { name: 'Home', exact: true });
  await picker.getByRole('button', { name: 'City flat' }).click();
  const home = page.getByRole('region', { name: 'City flat', exact: true });
  await expect(home.getByRole('tab', { name: 'Heaters (2)' })).toBeVisible();

  // Node installation for the home (the page load keeps demo mode); with one gateway in the
  // home, the device choice is skipped.
  await page.goto(`/homes/${CITY_FLAT}/addNode/devs/selectDevice?nodeType=htr`);
  await expect(page).toHaveURL(/\/addNode\/devs\/de3000000000000003\/selectType\/selectModel/);
  await expect(visible(page.getByRole('radio', { name: 'Heater', exact: true }))).toBeChecked();
  await expect(async () => {
    await visible(page.getByText('Search', { exact: true })).click();
    await expect(page).toHaveURL(/\/discovery\?nodeType=htr/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(visible(page.getByTestId('discovered-count'))).toHaveText('1', {
    timeout: 30_000,
  });
  await visible(page.getByText('Done', { exact: true })).click();
  await expect(page).toHaveURL(/\/\?homeIndex=\d+$/);
  const flat = visible(page.getByRole('region', { name: 'City flat', exact: true }));
  await expect(flat.getByRole('tab', { name: 'Heaters (3)' })).toBeVisible();
  await expect(flat.getByRole('article', { name: 'Heater 4' })).toBeVisible();
  expectNothingLeft(watch);
});
