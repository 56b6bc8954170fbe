import { expect, test, type WebSocketRoute } from '@playwright/test';
import { signIn } from './fixtures';

// The gateway's realtime link drops between the browser and the server: after the
// reconnection attempts (spec 3 §4) the home says its device is disconnected; when the
// network is back and the app resumes, it reconnects and the clock returns.
test('a dropped gateway connection shows the disconnected message and recovers', async ({
  page,
}) => {
  let blocked = false;
  const open: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (blocked) {
      void ws.close();
      return;
    }
    open.push(ws);
    ws.connectToServer();
  });
  await page.route(/\/socket\.io\//, (route) => (blocked ? route.abort() : route.continue()));

  await signIn(page);
  const home = page.getByRole('region', { name: 'Home', exact: true });
  await expect(home.getByTestId('home-clock')).toBeVisible();
  await expect(
    home.getByRole('article', { name: 'Living room' }).getByTestId('node-mtemp'),
  ).toContainText('°C');

  blocked = true;
  await Promise.all(open.splice(0).map((ws) => ws.close()));
  await expect(home.getByTestId('home-disconnected')).toHaveText('Device disconnected');
  await expect(home.getByTestId('device-disconnected')).toBeVisible();

  blocked = false;
  // What the platform reports when the app comes back to the foreground.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(home.getByTestId('home-clock')).toBeVisible();
  await expect(home.getByTestId('device-disconnected')).toBeHidden();
});
