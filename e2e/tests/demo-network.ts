import { expect, type Page } from '@playwright/test';

// What an API call is: the app's fetches and sockets. A static file (built assets, index.html,
// icons, fonts, brand images) is loaded as a document, script, style, image, font or other.
const CALL_TYPES = new Set(['fetch', 'xhr', 'eventsource', 'websocket']);
// Translations would be fetched as files, if the app ever served them statically.
const STATIC_FETCH = /^\/locales\/[^/]+\.json$/;

export interface NetworkWatch {
  /** Requests that are not a same-origin GET of a static app file. */
  forbidden: string[];
  sockets: string[];
  /** Every request seen, for the failure message. */
  all: string[];
}

/**
 * docs/design.md §4 demo mode: records what leaves the browser from now on. Only same-origin GETs
 * of the app's static files may; no API call (fetch/xhr) and no websocket.
 */
export function watchNetwork(page: Page, origin: string): NetworkWatch {
  const watch: NetworkWatch = { forbidden: [], sockets: [], all: [] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    const line = `${request.method()} ${request.resourceType()} ${request.url()}`;
    watch.all.push(line);
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    const staticFile =
      request.method() === 'GET' &&
      url.origin === origin &&
      (!CALL_TYPES.has(request.resourceType()) || STATIC_FETCH.test(url.pathname));
    if (!staticFile) watch.forbidden.push(line);
  });
  page.on('websocket', (ws) => watch.sockets.push(ws.url()));
  return watch;
}

export function expectNothingLeft(watch: NetworkWatch): void {
  expect(watch.forbidden, `requests seen:\n${watch.all.join('\n')}`).toEqual([]);
  expect(watch.sockets).toEqual([]);
}

/** Opens the login screen, lets the app finish starting, then follows the demo link. */
export async function startDemo(page: Page, baseURL: string | undefined): Promise<NetworkWatch> {
  // Start-up, before demo mode, reads the brand file about 500 ms in (spec 1 §4): wait for it
  // (if it comes), so that it is not counted as a demo request.
  const brandFile = page
    .waitForResponse((r) => r.url().endsWith('/webapp/v3/json/brands.json'), { timeout: 10_000 })
    .catch(() => undefined);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Try the demo' })).toBeVisible();
  await brandFile;
  await page.waitForLoadState('networkidle');
  const watch = watchNetwork(page, new URL(baseURL ?? page.url()).origin);
  await page.getByRole('button', { name: 'Try the demo' }).click();
  await expect(page).toHaveURL(/\/$/);
  return watch;
}
