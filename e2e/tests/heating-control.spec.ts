import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, degrees, signIn } from './fixtures';

/** Puts the Living room of the demo "Home" in manual at a known set point, as any client could. */
async function livingRoomAt(request: APIRequestContext, write: Record<string, string>) {
  const token = await apiToken(request);
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const groups = (await (await request.get('/api/v2/grouped_devs', auth)).json()) as Array<{
    name: string;
    devs: Array<{ dev_id: string }>;
  }>;
  const devId = groups.find((g) => g.name === 'Home')?.devs[0]?.dev_id;
  const nodes = (await (await request.get(`/api/v2/devs/${devId}/mgr/nodes`, auth)).json()) as {
    nodes: Array<{ name: string; addr: number; type: string }>;
  };
  const node = nodes.nodes.find((n) => n.name === 'Living room');
  const res = await request.post(`/api/v2/devs/${devId}/${node?.type}/${node?.addr}/status`, {
    ...auth,
    data: write,
  });
  expect(res.ok()).toBe(true);
}

async function openLivingRoom(page: Page, stemp?: string) {
  await signIn(page);
  const home = page.getByRole('region', { name: 'Home', exact: true });
  const card = home.getByRole('article', { name: 'Living room' });
  await expect(card.getByTestId('node-mtemp')).toContainText('°C');
  if (stemp) await expect(card.getByTestId('node-stemp')).toContainText(stemp);
  await card.getByRole('link', { name: /Living room/ }).click();
  await expect(page).toHaveURL(/\/homes\/[^/]+\/devs\/[^/]+\/htr\/\d+$/);
  return card;
}

// A set point raised on the detail screen is pending until the simulated heater reports
// it; then the dashboard card shows the confirmed value.
test('change a set point and see the card confirm it from the device', async ({
  page,
  request,
}) => {
  await livingRoomAt(request, { mode: 'manual', stemp: '20.0', units: 'C' });
  const card = await openLivingRoom(page, '20.0');
  const spin = page.getByRole('spinbutton', { name: 'Set temperature' });
  await expect(spin).toHaveAttribute('aria-valuenow', '20');
  await spin.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(spin).toHaveAttribute('aria-valuenow', '21.5');
  await expect(spin).toHaveAttribute('data-pending', 'true');
  // Sent after 5 s of quiet, then confirmed by the device's status update.
  await expect(spin).not.toHaveAttribute('data-pending', 'true', { timeout: 20_000 });
  await expect(spin).toHaveAttribute('aria-valuenow', '21.5');

  await page.goBack();
  await expect
    .poll(async () => degrees(await card.getByTestId('node-stemp').textContent()))
    .toBe(21.5);
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
  await page.goBack();
  await expect(card.getByTestId('node-stemp')).toHaveText('Off');
  await card.getByRole('link', { name: /Living room/ }).click();
  await modes.getByRole('button', { name: 'Auto' }).click();
  await expect(modes.getByRole('button', { name: 'Auto' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('spinbutton', { name: 'Set temperature' })).toHaveAttribute(
    'aria-valuenow',
    /\d/,
  );
  await page.goBack();
  await expect(card.getByTestId('node-stemp')).toContainText('°C');
});

test('in auto a new set point turns into modified auto with advice; restore auto', async ({
  page,
  request,
}) => {
  await livingRoomAt(request, { mode: 'auto' });
  await openLivingRoom(page);
  const modes = page.getByRole('group', { name: 'Mode' });
  await expect(modes.getByRole('button', { name: 'Auto' })).toHaveAttribute('aria-pressed', 'true');
  await expect(modes.getByRole('button', { name: 'Manual' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  const spin = page.getByRole('spinbutton', { name: 'Set temperature' });
  await expect(spin).toHaveAttribute('aria-valuenow', /\d/);
  const before = Number(await spin.getAttribute('aria-valuenow'));
  await spin.focus();
  await page.keyboard.press(before >= 29 ? 'ArrowDown' : 'ArrowUp');
  await expect(page.getByTestId('modified-auto-toast')).toContainText('Advice');
  await expect(modes.getByRole('button', { name: 'Manual' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The advice goes away by itself after 3 s.
  await expect(page.getByTestId('modified-auto-toast')).toBeHidden();

  await page.getByRole('button', { name: 'Restore auto' }).click();
  await expect(page.getByRole('button', { name: 'Restore auto' })).toBeHidden();
  await expect(modes.getByRole('button', { name: 'Manual' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect(modes.getByRole('button', { name: 'Auto' })).toHaveAttribute('aria-pressed', 'true');
});
