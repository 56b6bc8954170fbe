import { expect, test, type Page } from '@playwright/test';
import type { Fleet } from '@hearth/simulator';
import { signIn } from './fixtures';
import { field, fillHomeData, freshDevId, startGateway, visible } from './homes-fixtures';

// Spec 2 §4 "Ethernet detection": the wizard searches the local network for a smartbox. The
// server announces a gateway nobody has added to the browsers on its own network; here the
// browser and the simulated gateway both reach the server from this machine.

async function openDetection(page: Page, homeName: string) {
  await signIn(page);
  await page.goto('/list/addHome/homeData');
  await fillHomeData(page, homeName);
  await visible(page.getByText('Next', { exact: true })).click();
}

async function expectDetected(page: Page, devId: string) {
  await expect(visible(page.getByText('Device detected'))).toBeVisible({ timeout: 20_000 });
  // The device data step then shows the detected id instead of asking for it.
  await expect(visible(page.getByTestId('known-devid'))).toContainText(devId);
  await expect(page.getByLabel('Device identifier', { exact: true })).toHaveCount(0);
}

test('the detection step finds a gateway plugged in while it searches, and registers it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const devId = freshDevId();
  const homeName = `Found ${devId.slice(-5)}`;
  let fleet: Fleet | undefined;
  try {
    await openDetection(page, homeName);
    await expect(visible(page.getByText('Enter the data by hand'))).toBeVisible();
    fleet = await startGateway(baseURL ?? '', devId, [
      { type: 'htr', name: 'Porch radiator', addr: 1 },
    ]);
    await expectDetected(page, devId);
    await field(page, 'Device name').fill('Porch box');
    await field(page, 'Serial id').fill('01');
    await visible(page.getByText('Register device')).click();
    await expect(visible(page.getByText('Your device is installed'))).toBeVisible({
      timeout: 60_000,
    });
    const home = visible(page.getByRole('region', { name: homeName, exact: true }));
    await expect(home.getByRole('article', { name: 'Porch radiator' })).toBeVisible({
      timeout: 30_000,
    });
  } finally {
    await fleet?.stop();
  }
});

test('the detection step finds a gateway that was already connected', async ({ page, baseURL }) => {
  const devId = freshDevId();
  const fleet = await startGateway(baseURL ?? '', devId, [
    { type: 'htr', name: 'Attic radiator', addr: 1 },
  ]);
  try {
    await openDetection(page, `Early ${devId.slice(-5)}`);
    await expectDetected(page, devId);
  } finally {
    await fleet.stop();
  }
});
