import {
  expect,
  test,
  type APIRequestContext,
  type Page,
  type WebSocketRoute,
} from '@playwright/test';
import { apiToken, signIn } from './fixtures';

// Issue 25: when the server goes away (a restart, the network between), the app says that the
// server is not reached, not that the gateway is disconnected, keeps trying by itself, and once
// the server is back shows live values again without a reload.

/** Puts the Living room of the demo "Home" in manual at a set point, as any client could. */
async function livingRoomAt(request: APIRequestContext, stemp: string) {
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
    data: { mode: 'manual', stemp, units: 'C' },
  });
  expect(res.ok()).toBe(true);
}

/**
 * Stands between the page and the server: while `down`, the realtime sockets are closed and
 * refused and every HTTP call to the server fails, as during a server restart.
 */
async function serverSwitch(page: Page) {
  let down = false;
  const sockets = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (down) {
      ws.close();
      return;
    }
    sockets.add(ws);
    ws.connectToServer();
    ws.onClose(() => sockets.delete(ws));
  });
  await page.route(/\/(api|socket\.io|health_check|client)\b/, (route) =>
    down ? route.abort('connectionrefused') : route.fallback(),
  );
  return {
    stop: async () => {
      down = true;
      await Promise.all([...sockets].map((ws) => ws.close()));
    },
    start: () => {
      down = false;
    },
  };
}

test('the server going away is told as such, not blamed on the gateway, and the app comes back live by itself', async ({
  page,
  request,
}) => {
  // Telling "the server is not reached" takes three failed tries, each bounded by the call timeout.
  test.setTimeout(180_000);
  await livingRoomAt(request, '20.0');
  const server = await serverSwitch(page);
  await signIn(page);
  const home = page.getByRole('region', { name: 'Home', exact: true });
  const livingRoom = home.getByRole('article', { name: 'Living room' });
  await expect(livingRoom).toHaveAttribute('data-state', 'temperature');
  await expect(livingRoom.getByTestId('node-stemp')).toContainText('20.0');
  const banner = page.getByTestId('connection-banner');
  await expect(banner).toBeEmpty();

  await server.stop();
  await expect(banner).toContainText('No connection to the server.', { timeout: 60_000 });
  await expect(banner).not.toContainText('offline');
  // The gateway is not blamed: no "Device disconnected", no card "Offline".
  await expect(home.getByTestId('home-disconnected')).toBeHidden();
  await expect(home.getByTestId('device-disconnected')).toHaveCount(0);
  await expect(livingRoom).toHaveAttribute('data-state', 'temperature');
  // Past a report interval the values are marked stale, with their age.
  await expect(home.getByTestId('data-age').first()).toContainText(/Updated .* ago/);

  // Meanwhile the heater is changed elsewhere; the server comes back.
  await livingRoomAt(request, '22.5');
  server.start();
  await banner.getByRole('button', { name: 'Try now' }).click();
  await expect(banner).toBeEmpty();
  // Live again without a reload: the fresh snapshot brings the change made meanwhile.
  await expect(livingRoom.getByTestId('node-stemp')).toContainText('22.5');
  await expect(home.getByTestId('data-age')).toHaveCount(0);
  await expect(home.getByTestId('home-clock')).toBeVisible();
});

test('without a click, the app reconnects by itself when the server returns', async ({ page }) => {
  test.setTimeout(180_000);
  const server = await serverSwitch(page);
  await signIn(page);
  const home = page.getByRole('region', { name: 'Home', exact: true });
  const livingRoom = home.getByRole('article', { name: 'Living room' });
  await expect(livingRoom).toHaveAttribute('data-state', 'temperature');
  const banner = page.getByTestId('connection-banner');

  await server.stop();
  await expect(banner).toContainText('No connection to the server.', { timeout: 60_000 });
  server.start();
  // The backoff's next turn (at most 30 s away) finds it.
  await expect(banner).toBeEmpty({ timeout: 40_000 });
  await expect(livingRoom.getByTestId('node-mtemp')).toContainText('°C');
});
