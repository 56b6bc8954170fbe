import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures';
import { api, demoNode, nodeRoute } from './heating-fixtures';
import { visible } from './homes-fixtures';

// The server's Content-Security-Policy (packages/server/src/security/security-headers.ts)
// must let the built app do everything it does. This journey walks the main screens under
// the real policy and fails on any violation the browser reports.

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

async function watchViolations(
  page: Page,
): Promise<{ violations: Violation[]; console: string[] }> {
  const seen = { violations: [] as Violation[], console: [] as string[] };
  await page.exposeFunction('reportCspViolation', (v: Violation) => seen.violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation: (v: unknown) => void })
        .reportCspViolation;
      report({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        source: `${e.sourceFile}:${e.lineNumber}`,
      });
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(text)) {
      seen.console.push(text);
    }
  });
  return seen;
}

test('the app passes its Content-Security-Policy on every main screen', async ({
  page,
  request,
}) => {
  // docs/stack-notes.md 8: nothing may leave the machine.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const seen = await watchViolations(page);

  const first = await page.goto('/login');
  const policy = first?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");

  // The watch works: an inline script, which the policy forbids, is reported.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.body.append(script);
  });
  await expect.poll(() => seen.violations.length).toBeGreaterThan(0);
  await expect.poll(() => seen.console.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => 'inlineRan' in window)).toBe(false);
  seen.violations.length = 0;
  seen.console.length = 0;

  const client = await api(request);
  const node = await demoNode(client, 'Home', 'Living room');

  // Sign-in and the dashboard, with its realtime sockets.
  await signIn(page);
  const home = page.getByRole('region', { name: 'Home', exact: true });
  const card = home.getByRole('article', { name: 'Living room' });
  await expect(card.getByTestId('node-mtemp')).toContainText('°C');

  // Node detail.
  await card.getByRole('link', { name: /Living room/ }).click();
  await expect(page).toHaveURL(/\/homes\/[^/]+\/devs\/[^/]+\/htr\/\d+$/);
  await expect(page.getByRole('spinbutton', { name: 'Set temperature' })).toBeVisible();

  // Weekly schedule.
  await page.goto(`${nodeRoute(node)}/schedule`);
  await page.getByRole('button', { name: 'Monday' }).click();

  // Records, with their charts.
  await page.goto(`${nodeRoute(node)}/records`);
  await expect(page.getByTestId('records-title')).toHaveText('Home – Living room');
  await expect(page.locator('canvas').first()).toBeVisible();

  // Home screens: the list, the home data, the guests and the geolocation map.
  await page.goto('/list');
  await visible(page.getByRole('list', { name: 'Homes' }).getByRole('link'))
    .first()
    .click();
  await expect(page).toHaveURL(/\/list\/homes\/[^/]+\/data$/);
  const homeData = page.url();
  await visible(page.getByRole('link', { name: 'Guests' })).click();
  await expect(page).toHaveURL(/\/guests$/);
  await page.goto(homeData.replace(/\/data$/, '/geolocation'));
  const map = visible(page.getByRole('application', { name: 'Home location map' }));
  // Spec 2 §4: the marker shows only while the home has no saved position (another journey
  // may have saved one); a click on the map places it.
  await map.click({ position: { x: 150, y: 220 } });
  await expect(map.locator('.leaflet-marker-icon')).toBeVisible();

  // The API documentation is served under the same policy.
  await page.goto('/api/docs/');
  await expect(page.locator('.swagger-ui .information-container')).toBeVisible();

  expect(seen.violations).toEqual([]);
  expect(seen.console).toEqual([]);
});
