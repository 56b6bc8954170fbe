import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures';

// Ionic's own shadow parts are out of our hands; our screens must have no violations.
async function violations(page: Page) {
  // Ionic fades pages in; contrast is judged once finite animations are over.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

test('dashboard, power tab, node detail and weather have no axe violations', async ({ page }) => {
  await signIn(page);
  const home = page.getByRole('region', { name: 'Home', exact: true });
  await expect(
    home.getByRole('article', { name: 'Living room' }).getByTestId('node-mtemp'),
  ).toContainText('°C');
  expect(await violations(page)).toEqual([]);

  await page.getByRole('tab', { name: /Power monitors/ }).click();
  await expect(page.getByTestId('power-watts')).toContainText('W');
  expect(await violations(page)).toEqual([]);

  await page.getByRole('tab', { name: /Heaters/ }).click();
  await home
    .getByRole('article', { name: 'Living room' })
    .getByRole('link', { name: /Living room/ })
    .click();
  await expect(page.getByRole('spinbutton', { name: 'Set temperature' })).toHaveAttribute(
    'aria-valuenow',
    /\d/,
  );
  expect(await violations(page)).toEqual([]);

  await page.goBack();
  await page.getByRole('link', { name: 'Weather' }).click();
  await expect(page).toHaveURL(/\/weather$/);
  await expect(
    page.getByRole('heading', { name: 'Forecast' }).or(page.getByTestId('weather-no-place')),
  ).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
