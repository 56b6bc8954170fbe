import { expect, test } from '@playwright/test';
import { expectNothingLeft, startDemo } from './demo-network';

// Spec 3 §2 table view (≥ 810 px and ≥ 10 nodes) on the large sample home, in demo mode:
// an inline edit waits 4 s, or is sent at once when another field is edited. Both projects
// run it on a screen wide enough; a narrower one is not offered the table.
test.use({ viewport: { width: 1280, height: 800 } });

test('demo: table view in the large home; an inline set point is flushed by the next edit, the last one after 4 s', async ({
  page,
  baseURL,
}) => {
  await page.clock.install();
  const watch = await startDemo(page, baseURL);
  const home = page.getByRole('region', { name: 'Family house', exact: true });
  await expect(home.getByRole('tab', { name: 'Heaters (12)' })).toBeVisible();
  await home.getByRole('button', { name: 'Table view' }).click();
  const table = home.getByRole('table', { name: 'Heaters of the home' });
  await expect(table.getByRole('row')).toHaveCount(13);

  const kitchen = table.getByRole('spinbutton', { name: 'Set temp. Kitchen' });
  const dining = table.getByRole('spinbutton', { name: 'Set temp. Dining room' });
  await expect(kitchen).toHaveValue('20.5');
  // The page's time moves only when told from here: the 4 s debounce cannot run by itself.
  await page.clock.pauseAt(Date.now() + 60_000);
  await kitchen.fill('22');
  await expect(kitchen).toHaveAttribute('data-pending', 'true');
  await dining.fill('23');
  await expect(dining).toHaveAttribute('data-pending', 'true');
  // A tenth of a second lets the page render what the demo device answered: the kitchen
  // edit went out with the dining one, the dining one still waits for its 4 s.
  await page.clock.runFor(100);
  await expect(kitchen).not.toHaveAttribute('data-pending', 'true');
  await expect(kitchen).toHaveValue('22');
  await expect(dining).toHaveAttribute('data-pending', 'true');

  await page.clock.runFor(4_000);
  await expect(dining).not.toHaveAttribute('data-pending', 'true');
  await expect(dining).toHaveValue('23');
  // The demo device reports the override of its programme as modified auto.
  await expect(table.getByRole('row', { name: /^Dining room / })).toContainText('Auto (modified)');
  expectNothingLeft(watch);
});

test.describe('under 810 px', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('demo: the large home offers no table view', async ({ page, baseURL }) => {
    await startDemo(page, baseURL);
    const home = page.getByRole('region', { name: 'Family house', exact: true });
    await expect(home.getByRole('article', { name: 'Kitchen' })).toBeVisible();
    await expect(home.getByRole('button', { name: 'Table view' })).toHaveCount(0);
  });
});
