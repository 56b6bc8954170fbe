import { expect, test } from '@playwright/test';
import { DEMO_DEVICE_ID } from '@hearth/protocol';
import { expectNothingLeft, startDemo } from './demo-network';
import { field, fillHomeData, visible } from './homes-fixtures';

// Spec 2 §4: in demo mode the ethernet detection finds the sample device after 5 s; the
// registration then runs against the demo backend and the new home shows its sample heaters.
test('demo: add a home, the sample device is detected, registered and shown', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const watch = await startDemo(page, baseURL);
  // The add-home wizard is reached from the home list; the page load keeps demo mode.
  await page.goto('/list/addHome/homeData');
  await fillHomeData(page, 'Demo cabin');
  await visible(page.getByText('Next', { exact: true })).click();
  await expect(visible(page.getByText('Device detected'))).toBeVisible({ timeout: 20_000 });
  // The sample device id is known, so only its name and serial id are asked.
  await expect(field(page, 'Device name')).toBeVisible();
  await expect(page.getByLabel('Device identifier', { exact: true })).toHaveCount(0);
  await field(page, 'Device name').fill('Cabin box');
  await field(page, 'Serial id').fill('01');
  await visible(page.getByText('Register device')).click();
  await expect(visible(page.getByText(/Your device is installed/))).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/\?homeIndex=\d+$/, { timeout: 15_000 });
  const home = visible(page.getByRole('region', { name: 'Demo cabin', exact: true }));
  await expect(home.getByRole('article', { name: 'Heater 1' })).toBeVisible();
  await expect(home.getByRole('region', { name: 'Cabin box' })).toHaveAttribute(
    'data-dev-id',
    DEMO_DEVICE_ID,
  );
  expectNothingLeft(watch);
});
