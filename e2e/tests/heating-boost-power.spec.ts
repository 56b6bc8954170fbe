import { expect, test } from '@playwright/test';
import { apiToken, signIn } from './fixtures';

test('boost a heater, see the time left from the device clock, cancel it', async ({ page }) => {
  await signIn(page);
  const home = page.getByRole('region', { name: 'Home', exact: true });
  await home
    .getByRole('article', { name: 'Kitchen' })
    .getByRole('link', { name: /Kitchen/ })
    .click();
  const toolbar = page.getByRole('navigation', { name: 'Heater actions' });
  await toolbar.getByRole('button', { name: 'Boost' }).click();

  const dialog = page.getByRole('dialog', { name: 'Boost' });
  // Spec 3 §4: the boost's hours are shown in minutes; one press is one hour.
  const minutes = dialog.getByRole('spinbutton', { name: 'Duration in minutes' });
  await expect(minutes).toHaveAttribute('aria-valuenow', '60');
  await dialog.getByRole('button', { name: 'More time' }).click();
  await expect(minutes).toHaveAttribute('aria-valuenow', '120');
  await dialog.getByRole('button', { name: 'Accept' }).click();

  const status = page.getByTestId('boost-status');
  // Two hours less the minutes the simulated clock (60× speed) has run since.
  await expect(status).toContainText(/Time left (01|02):\d{2}/);
  await expect(toolbar.getByRole('button', { name: 'Boost' })).toBeHidden();
  await status.getByRole('button', { name: 'Stop boost' }).click();
  await expect(status).toBeHidden();
  await expect(toolbar.getByRole('button', { name: 'Boost' })).toBeVisible();
});

test('the gauge follows the power the simulated meter reports', async ({ page, request }) => {
  await signIn(page);
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
  const meter = nodes.nodes.find((n) => n.type === 'pmo');
  expect(meter).toBeTruthy();

  await page.getByRole('tab', { name: /Power monitors \(1\)/ }).click();
  const gauge = page.getByRole('meter', { name: `Power of ${meter?.name}` });
  await expect(gauge).toBeVisible();
  const served = async () => {
    const res = await request.get(`/api/v2/devs/${devId}/pmo/${meter?.addr}/power`, auth);
    return Math.round(Number(((await res.json()) as { power: string }).power));
  };
  // The screen polls every 5 s while the simulated heaters switch, so the two reads are a few
  // seconds apart: they agree within a few percent.
  await expect
    .poll(
      async () => {
        const shown = Number(await gauge.getAttribute('aria-valuenow'));
        const actual = await served();
        return Math.abs(shown - actual) <= Math.max(50, actual * 0.05);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await expect(page.getByTestId('power-watts')).toContainText('W');
});
