import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';
import { visible } from './homes-fixtures';

test('geolocation: the map works without tiles, the range snaps and the position is saved', async ({
  page,
}) => {
  // docs/stack-notes.md 8: nothing may leave the machine.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await signIn(page);
  await page.goto('/list');
  await visible(page.getByRole('list', { name: 'Homes' }).getByRole('link'))
    .first()
    .click();
  await visible(page.getByRole('link', { name: 'Geolocation' })).click();
  await expect(page).toHaveURL(/\/geolocation$/);
  const geolocation = page.url();

  const map = visible(page.getByRole('application', { name: 'Home location map' }));
  await expect(map).toBeVisible();
  const slider = visible(page.getByRole('slider'));
  await expect(slider).toHaveAttribute('min', '150');
  await expect(slider).toHaveAttribute('max', '1000');
  await expect(slider).toHaveAttribute('step', '50');
  await slider.fill('650');
  await expect(visible(page.getByTestId('geo-range'))).toHaveText('650 m');
  // A click on the map, clear of the zoom buttons, puts the save-position marker there. Before
  // that it shows only while the home has no saved position (spec 2 §4), and an earlier run may
  // have saved one.
  await map.click({ position: { x: 150, y: 220 } });
  await expect(map.locator('.leaflet-marker-icon')).toBeVisible();
  await visible(page.getByText('Save position')).click();
  await expect(visible(page.getByText('Position saved'))).toBeVisible();
  // Spec 2 §4 "Saves": the toast lasts 2 s, then the screen goes back.
  await expect(page).not.toHaveURL(/\/geolocation$/);
  // Opened afresh, it shows what was stored.
  await page.goto(geolocation);
  await expect(visible(page.getByTestId('geo-range'))).toHaveText('650 m');
  // The home now has a saved position, so the save-position marker is gone.
  await expect(map).toBeVisible();
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(0);
});
