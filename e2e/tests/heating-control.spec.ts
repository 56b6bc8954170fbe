import { expect, test, type Page } from '@playwright/test';
import { degrees, signIn } from './fixtures';

async function openLivingRoom(page: Page) {
  await signIn(page);
  const home = page.getByRole('region', { name: 'Home', exact: true });
  const card = home.getByRole('article', { name: 'Living room' });
  await expect(card.getByTestId('node-mtemp')).toContainText('°C');
  await card.getByRole('link', { name: /Living room/ }).click();
  await expect(page).toHaveURL(/\/homes\/[^/]+\/devs\/[^/]+\/htr\/\d+$/);
  return card;
}

// A set point raised on the detail screen is pending until the simulated heater reports
// it; then the dashboard card shows the confirmed value.
test('change a set point and see the card confirm it from the device', async ({ page }) => {
  const card = await openLivingRoom(page);
  const manual = page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Manual' });
  await manual.click();
  await expect(manual).toHaveAttribute('aria-pressed', 'true');

  const spin = page.getByRole('spinbutton', { name: 'Set temperature' });
  await expect(spin).toHaveAttribute('aria-valuenow', /\d/);
  const before = Number(await spin.getAttribute('aria-valuenow'));
  const direction = before >= 29 ? 'ArrowDown' : 'ArrowUp';
  await spin.focus();
  await page.keyboard.press(direction);
  await page.keyboard.press(direction);
  const target = direction === 'ArrowUp' ? before + 1 : before - 1;
  await expect(spin).toHaveAttribute('aria-valuenow', String(target));
  await expect(spin).toHaveAttribute('data-pending', 'true');
  // Sent after 5 s of quiet, then confirmed by the device's status update.
  await expect(spin).not.toHaveAttribute('data-pending', 'true', { timeout: 20_000 });
  await expect(spin).toHaveAttribute('aria-valuenow', String(target));

  await page.goBack();
  await expect
    .poll(async () => degrees(await card.getByTestId('node-stemp').textContent()))
    .toBe(target);
});

test('switch modes: off shows dashes and the card says off; auto again', async ({ page }) => {
  const card = await openLivingRoom(page);
  const modes = page.getByRole('group', { name: 'Mode' });
  await modes.getByRole('button', { name: 'Off' }).click();
  await expect(modes.getByRole('button', { name: 'Off' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('spinbutton', { name: 'Set temperature' })).toHaveAttribute(
    'aria-valuetext',
    '--',
  );
  await modes.getByRole('button', { name: 'Auto' }).click();
  await expect(modes.getByRole('button', { name: 'Auto' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('spinbutton', { name: 'Set temperature' })).toHaveAttribute(
    'aria-valuenow',
    /\d/,
  );
  await page.goBack();
  await expect(card.getByTestId('node-stemp')).toContainText('°C');
});
