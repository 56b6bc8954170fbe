import { expect, test } from '@playwright/test';
import { apiToken, degrees, homeChoice, signIn } from './fixtures';

// The thin slice end to end: the app signs in, lists the demo homes with the nodes the
// simulator reports, and follows the simulated room temperature without a reload.
test('sign in, see the nodes of a home and watch a room warm up live', async ({
  page,
  request,
}) => {
  await signIn(page);

  const home = page.getByRole('region', { name: 'Home', exact: true });
  const livingRoom = home.getByRole('article', { name: 'Living room' });
  await expect(livingRoom).toBeVisible();
  await expect(livingRoom.getByTestId('node-mtemp')).toContainText('°C');
  // The other demo home waits in the home carousel.
  await expect(homeChoice(page, 'Flat')).toBeAttached();

  // Raise the set point the way any client of the wire format would; the simulated
  // heater starts heating and its measured temperature climbs on screen by itself.
  const token = await apiToken(request);
  const groups = (await (
    await request.get('/api/v2/grouped_devs', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as Array<{ name: string; devs: Array<{ dev_id: string }> }>;
  const devId = groups.find((g) => g.name === 'Home')?.devs[0]?.dev_id;
  expect(devId).toBeTruthy();
  const nodes = (await (
    await request.get(`/api/v2/devs/${devId}/mgr/nodes`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { nodes: Array<{ name: string; addr: number; type: string }> };
  const node = nodes.nodes.find((n) => n.name === 'Living room');
  expect(node).toBeTruthy();

  // The simulated day airs windows now and then; this room's stays shut while it is watched.
  const simControl = process.env.E2E_SIM_CONTROL_URL;
  if (!simControl)
    throw new Error('E2E_SIM_CONTROL_URL is not set: run through playwright.config.ts');
  const shut = await request.post(
    `${simControl}/gateways/${devId}/${node?.type}/${node?.addr}/window/shut/240`,
  );
  expect(shut.status(), await shut.text()).toBe(200);

  const before = degrees(await livingRoom.getByTestId('node-mtemp').textContent());
  const write = await request.post(`/api/v2/devs/${devId}/${node?.type}/${node?.addr}/status`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { mode: 'manual', stemp: '30.0', units: 'C' },
  });
  expect(write.ok()).toBe(true);

  await expect(livingRoom.getByTestId('node-stemp')).toContainText('30');
  await expect
    .poll(async () => degrees(await livingRoom.getByTestId('node-mtemp').textContent()), {
      timeout: 30_000,
    })
    .toBeGreaterThan(before);
});
