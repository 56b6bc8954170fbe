import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from './fixtures';
import { api, demoNode } from './heating-fixtures';

// The launcher's test hook (SIM_CONTROL, set by playwright.config.ts): stops a simulated
// gateway as a power cut would (no goodbye, the broker fires its last will) and starts it again.
async function gateway(request: APIRequestContext, devId: string, action: 'stop' | 'start') {
  const base = process.env.E2E_SIM_CONTROL_URL;
  if (!base)
    throw new Error('E2E_SIM_CONTROL_URL is not set: run through e2e/playwright.config.ts');
  const res = await request.post(`${base}/gateways/${devId}/${action}`);
  expect(res.status(), await res.text()).toBe(200);
}

test('a gateway disconnecting shows the disconnected message and recovers', async ({
  page,
  request,
}) => {
  const flat = await demoNode(await api(request), 'Flat', 'Living room');
  await signIn(page);
  await page
    .getByRole('navigation', { name: 'Home' })
    .getByRole('button', { name: 'Flat', exact: true })
    .click();
  const home = page.getByRole('region', { name: 'Flat', exact: true });
  const header = home.getByTestId('home-header');
  const cards = home.getByRole('article');
  const livingRoom = home.getByRole('article', { name: 'Living room' });
  await expect(header.getByTestId('home-clock')).toBeVisible();
  await expect(livingRoom).toHaveAttribute('data-state', 'temperature');

  await gateway(request, flat.devId, 'stop');
  try {
    await expect(header.getByTestId('home-disconnected')).toHaveText('Device disconnected');
    await expect(header.getByTestId('home-clock')).toBeHidden();
    // Every node of the gateway reads offline, and no longer opens its controls.
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) {
      await expect(card).toHaveAttribute('data-state', 'offline');
      await expect(card.getByTestId('node-stemp')).toHaveText('Offline');
    }
    await expect(livingRoom.getByRole('link', { name: /Living room/ })).toHaveAttribute(
      'href',
      /\/records/,
    );
  } finally {
    await gateway(request, flat.devId, 'start');
  }

  // The gateway is back: the clock returns and the nodes show their set points again.
  await expect(header.getByTestId('home-clock')).toBeVisible();
  await expect(header.getByTestId('home-disconnected')).toBeHidden();
  await expect(livingRoom).toHaveAttribute('data-state', 'temperature');
  await expect(livingRoom.getByTestId('node-stemp')).toContainText('°C');
  await expect(livingRoom.getByRole('link', { name: /Living room/ })).not.toHaveAttribute(
    'href',
    /\/records/,
  );
});
