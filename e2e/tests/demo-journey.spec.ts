import { expect, test } from '@playwright/test';
import { expectNothingLeft, startDemo } from './demo-network';

const SAMPLE_HOMES = ['Family house', 'City flat', 'Mountain cabin', 'Beach house', 'Office'];

// Spec 1 §1 and docs/design.md §4: the demo link shows five sample homes, and every change works
// in the browser: set point, mode, boost, records and schedule, with no request or socket out.
test('demo: five homes; set point, mode, boost and cancel, records and schedule, all in the browser', async ({
  page,
  baseURL,
}) => {
  const watch = await startDemo(page, baseURL);

  const picker = page.getByRole('navigation', { name: 'Home', exact: true });
  // The homes, in order; on a phone, the Previous and Next home arrows stand around them.
  const homeButtons = picker.getByRole('button', { name: /^(?!(Previous|Next) home$)/ });
  await expect(homeButtons).toHaveText(SAMPLE_HOMES);
  await picker.getByRole('button', { name: 'City flat' }).click();
  const home = page.getByRole('region', { name: 'City flat', exact: true });
  const card = home.getByRole('article', { name: 'Bedroom' });
  await expect(card.getByTestId('node-stemp')).toContainText('19.0');
  await card.getByRole('link', { name: /Bedroom/ }).click();
  await expect(page).toHaveURL(/\/homes\/[^/]+\/devs\/[^/]+\/htr\/2$/);

  // Set point: pending for the 5 s debounce, then confirmed by the demo device.
  const spin = page.getByRole('spinbutton', { name: 'Set temperature' });
  await expect(spin).toHaveAttribute('aria-valuenow', '19');
  await spin.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(spin).toHaveAttribute('aria-valuenow', '20');
  await expect(spin).toHaveAttribute('data-pending', 'true');
  await expect(spin).not.toHaveAttribute('data-pending', 'true', { timeout: 20_000 });
  await expect(spin).toHaveAttribute('aria-valuenow', '20');

  // Mode: off, then auto again.
  const modes = page.getByRole('group', { name: 'Mode' });
  await modes.getByRole('button', { name: 'Off' }).click();
  await expect(modes.getByRole('button', { name: 'Off' })).toHaveAttribute('aria-pressed', 'true');
  await expect(spin).toHaveAttribute('aria-valuetext', '--');
  await modes.getByRole('button', { name: 'Auto' }).click();
  await expect(modes.getByRole('button', { name: 'Auto' })).toHaveAttribute('aria-pressed', 'true');
  await expect(spin).toHaveAttribute('aria-valuenow', /\d/);

  // Boost, simulated locally: time left from the demo device clock, then stopped.
  const toolbar = page.getByRole('navigation', { name: 'Heater actions' });
  await toolbar.getByRole('button', { name: 'Boost' }).click();
  const dialog = page.getByRole('dialog', { name: 'Boost' });
  await expect(dialog.getByRole('spinbutton', { name: 'Duration in minutes' })).toHaveAttribute(
    'aria-valuenow',
    '60',
  );
  await dialog.getByRole('button', { name: 'Accept' }).click();
  const status = page.getByTestId('boost-status');
  await expect(status).toContainText(/Time left (01:00|00:59)/);
  await expect(toolbar.getByRole('button', { name: 'Boost' })).toBeHidden();
  await status.getByRole('button', { name: 'Stop boost' }).click();
  await expect(status).toBeHidden();
  await expect(toolbar.getByRole('button', { name: 'Boost' })).toBeVisible();

  // Schedule: the weekly programme of the sample heater.
  await toolbar.getByRole('link', { name: 'Schedule' }).click();
  await expect(page).toHaveURL(/\/htr\/2\/schedule$/);
  await page.getByRole('button', { name: 'Monday' }).click();
  await expect(page.getByLabel('07:00 – 08:00', { exact: true })).toHaveValue('2');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/htr\/2$/);

  // Records: the sample history of this heater.
  await toolbar.getByRole('link', { name: 'Records' }).click();
  await expect(page.getByTestId('records-title')).toHaveText('City flat – Bedroom');
  // Yesterday had a whole day of samples: 24 hours of energy and temperature.
  await page.getByRole('button', { name: /^Previous day/ }).click();
  await page.getByText('Show the data').click();
  await expect(page.getByRole('row', { name: /^23:00 \d+\.\d{3} \d+\.\d$/ })).toBeVisible();

  expectNothingLeft(watch);
});

test('demo: the dashboard power monitor reads 2000 W, and logout leaves demo mode', async ({
  page,
  baseURL,
}) => {
  const watch = await startDemo(page, baseURL);
  await page
    .getByRole('navigation', { name: 'Home', exact: true })
    .getByRole('button', { name: 'Office' })
    .click();
  await page.getByRole('tab', { name: /Power monitors \(1\)/ }).click();
  const gauge = page.getByRole('meter', { name: 'Power of Office meter' });
  await expect(gauge).toHaveAttribute('aria-valuenow', '2000');
  expectNothingLeft(watch);

  await page.getByRole('button', { name: 'Open menu' }).first().click();
  await page.getByTestId('menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});
