import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';
import { api, demoNode } from './heating-fixtures';

// Issue 29: the owner sets a time-of-use tariff from the first of last month, then sees what the
// heating cost in the records' table and CSV and the month so far on the dashboard.
test('a time-of-use tariff prices the records, their CSV and the month on the dashboard', async ({
  page,
  request,
}) => {
  const client = await api(request);
  const node = await demoNode(client, 'Home', 'Living room');
  const now = new Date();
  const year = now.getMonth() === 0 ? now.getFullYear() - 1 : now.getFullYear();
  const month = now.getMonth() === 0 ? 12 : now.getMonth();
  const first = `${year}-${String(month).padStart(2, '0')}-01`;

  await signIn(page);
  // From the dashboard: the home's settings, then its tariff.
  await page.getByRole('link', { name: 'Home settings' }).first().click();
  await page.getByRole('link', { name: 'Tariff, costs and power guard' }).click();
  await expect(page).toHaveURL(new RegExp(`/homes/${node.homeId}/energy$`));
  await page.getByRole('radio', { name: 'Time of use' }).check();
  await page.getByLabel('Currency (ISO code)').fill('EUR');
  await page.getByLabel('Valid from').fill(first);
  await page.getByLabel('Price outside the bands per kWh (EUR)').fill('0.30');
  // One band: cheap nights every day.
  const band = page.getByRole('group', { name: 'Band 1' });
  for (const day of ['Saturday', 'Sunday']) await band.getByRole('checkbox', { name: day }).check();
  await band.getByLabel('From').fill('00:00');
  await band.getByLabel('To').fill('08:00');
  await band.getByLabel('Price per kWh (EUR)').fill('0.10');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('form-success')).toHaveText('Saved');
  await expect(page.getByTestId('current-tariff')).toContainText(
    'every day, 00:00–08:00: €0.10 per kWh',
  );

  // Last month's records of the living room: a cost per day, between the night and day prices.
  await page.goto(
    `/homes/${node.homeId}/devs/${node.devId}/${node.type}/${node.addr}/records?month=${month}&year=${year}`,
  );
  await expect(page.getByTestId('records-cost')).toContainText(/Cost of this period: €[\d,.]+\./);
  await page.getByText('Show the data').click();
  await expect(page.getByRole('columnheader', { name: 'Cost (EUR)' })).toBeVisible();
  const row = page.getByRole('row', { name: /^Open day 15 / });
  const cells = await row.getByRole('cell').allTextContents();
  const [kwh, , cost] = cells.map(Number);
  expect(kwh).toBeGreaterThan(0);
  expect(cost).toBeGreaterThanOrEqual(0.1 * (kwh ?? 0) - 0.01);
  expect(cost).toBeLessThanOrEqual(0.3 * (kwh ?? 0) + 0.01);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const lines = readFileSync((await (await download).path()) ?? '')
    .subarray(3)
    .toString('utf8')
    .split('\r\n');
  expect(lines[0]).toBe('Time;Consumption (kWh);Temperature (°C);Cost (EUR);Without a price (kWh)');
  expect(lines.find((l) => l.startsWith('15;'))?.split(';')[3]).toBe(cells[2]);

  // The dashboard: this month so far, and where it is heading.
  await page.goto('/');
  await expect(page.getByTestId('month-cost-to-date')).toHaveText(/^€[\d,]+\.\d\d$/);
  await expect(page.getByTestId('month-cost-projection')).toContainText(
    /Heading for €[\d,]+\.\d\d by the end of the month/,
  );
});
