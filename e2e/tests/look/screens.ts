import { expect, type Locator, type Page } from '@playwright/test';
import type { DemoNode } from '../heating-fixtures';

/** The demo's ids the routes are built from (the demo home's living room and its gateway). */
export interface Ids {
  node: DemoNode;
}

/** One screen a person can reach: where it is and what says it has loaded. */
export interface Screen {
  name: string;
  path: (ids: Ids) => string;
  /** Something on the screen that shows its data arrived (defaults to the page heading). */
  ready?: (page: Page) => Locator;
  /** Puts the screen in a state that does not depend on the day the checks run. */
  prepare?: (page: Page) => Promise<void>;
}

/** The schedule screens open on today: they are looked at on Monday, whatever today is. */
export async function showMonday(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Monday' }).locator('visible=true').last().click();
}

/**
 * The journeys' server offers no vendor cloud, so the cloud-link screens are looked at with a
 * linked account answered by the browser (fixed dates and states, no cloud to reach): one
 * device up to date with its year being imported, one stale because the cloud is unreachable.
 */
const LOOK_CLOUD_ACCOUNT = 'look-account';
export async function withLinkedCloudAccount(page: Page): Promise<void> {
  const dev = (n: number, name: string, extra: Record<string, unknown>) => ({
    dev_id: `c10d0000000000000${n}`,
    upstream_dev_id: `up${n}`,
    name,
    group_id: null,
    last_update_at: '2026-03-01T11:50:00Z',
    stale: false,
    stale_reason: null,
    history: { state: 'done', from: null, done_until: null },
    ...extra,
  });
  const answers: Record<string, unknown> = {
    '/api/v2/cloud_links/clouds': { clouds: [{ name: 'helki', label: 'Helki cloud' }] },
    '/api/v2/cloud_links/accounts': {
      accounts: [
        {
          id: LOOK_CLOUD_ACCOUNT,
          cloud: 'helki',
          label: 'Helki cloud',
          email: 'owner@example.com',
          state: 'linked',
          state_at: '2026-03-01T12:00:00Z',
          devs: [
            dev(1, 'Flat gateway', {
              history: {
                state: 'importing',
                from: '2025-03-01T12:00:00Z',
                done_until: '2025-09-14T12:00:00Z',
              },
            }),
            dev(2, 'Cottage gateway', { stale: true, stale_reason: 'unreachable' }),
          ],
        },
      ],
    },
    [`/api/v2/cloud_links/accounts/${LOOK_CLOUD_ACCOUNT}/homes`]: {
      homes: [
        {
          id: 'h1',
          name: 'Flat',
          devs: [
            {
              dev_id: 'up1',
              name: 'Flat gateway',
              product_id: '0002',
              hearth_dev_id: 'c10d00000000000001',
              linked: true,
            },
            {
              dev_id: 'up3',
              name: 'Garage gateway',
              product_id: '0002',
              hearth_dev_id: 'c10d00000000000003',
              linked: false,
            },
          ],
        },
        { id: 'h2', name: 'Cottage', devs: [] },
      ],
    },
  };
  await page.route('**/api/v2/cloud_links/**', (route) => {
    const answer = answers[new URL(route.request().url()).pathname];
    return answer === undefined ? route.fallback() : route.fulfill({ json: answer });
  });
  await page.reload();
}

/**
 * The activity log of the journeys' server fills with whatever the simulated day and earlier
 * checks did, so it is looked at with a log answered by the browser: a guest's set point, an
 * automation's and a resident's weekly programme, at fixed times.
 */
export async function withActivityLog(page: Page): Promise<void> {
  const entry = (id: number, at: string, actor: string, extra: Record<string, unknown>) => ({
    id,
    at,
    user_id: null,
    actor,
    source: 'app',
    via: '',
    dev_id: null,
    node_type: null,
    node_addr: null,
    action: 'post status',
    detail: {},
    ...extra,
  });
  const entries = [
    entry(3, '2026-03-01T11:50:00Z', 'guest@example.com', {
      detail: { stemp: '21.5', units: 'C' },
    }),
    entry(2, '2026-03-01T06:10:00Z', 'Hearth', {
      source: 'automation',
      via: 'automation:optimum-start',
      detail: { mode: 'auto' },
    }),
    entry(1, '2026-02-28T19:30:00Z', 'resident@example.com', { action: 'post prog' }),
  ];
  await page.route(
    (url) => /^\/api\/v2\/groups\/[^/]+\/activity$/.test(url.pathname),
    (route) => route.fulfill({ json: { entries, next_before: null } }),
  );
  await page.reload();
}

const home = (ids: Ids) => `/homes/${ids.node.homeId}`;
const dev = (ids: Ids) => `${home(ids)}/devs/${ids.node.devId}`;
const node = (ids: Ids) => `${dev(ids)}/${ids.node.type}/${ids.node.addr}`;
const listHome = (ids: Ids) => `/list/homes/${ids.node.homeId}`;
const byTestId = (id: string) => (page: Page) =>
  page.getByTestId(id).locator('visible=true').first();

/** The screens of a signed-in owner of the demo homes. */
export const SIGNED_IN_SCREENS: Screen[] = [
  {
    name: 'dashboard',
    path: () => '/',
    ready: byTestId('node-mtemp'),
    // The month's cost (issue 29) is read after the heaters: looked at once it is there.
    prepare: async (page) => {
      await byTestId('month-cost')(page).waitFor();
    },
  },
  {
    name: 'node-detail',
    path: node,
    ready: byTestId('detail-mtemp'),
    // The comfort panel comes with its own code and read, after the heater's values.
    prepare: async (page) => {
      await expect(page.getByTestId('comfort-link')).toContainText('Window detection');
    },
  },
  { name: 'node-settings', path: (ids) => `${node(ids)}/settings` },
  {
    name: 'schedule',
    path: (ids) => `${node(ids)}/schedule`,
    ready: byTestId('schedule-day-bar'),
    prepare: showMonday,
  },
  { name: 'node-records', path: (ids) => `${node(ids)}/records`, ready: byTestId('records-title') },
  {
    name: 'home-records',
    path: (ids) => `${home(ids)}/system/${ids.node.type}/records`,
    ready: byTestId('records-title'),
  },
  { name: 'power-schedule', path: (ids) => `${dev(ids)}/powerSchedule` },
  { name: 'heater-system', path: (ids) => `${dev(ids)}/system/${ids.node.type}/settings` },
  { name: 'weather', path: (ids) => `${home(ids)}/weather` },
  { name: 'home-list', path: () => '/list' },
  { name: 'home-order', path: () => '/list/config' },
  { name: 'home-devices', path: (ids) => `${listHome(ids)}/devices` },
  { name: 'home-guests', path: (ids) => `${listHome(ids)}/guests` },
  { name: 'home-data', path: (ids) => `${listHome(ids)}/data` },
  { name: 'home-geolocation', path: (ids) => `${listHome(ids)}/geolocation` },
  { name: 'device-settings', path: (ids) => `${listHome(ids)}/devices/${ids.node.devId}/settings` },
  { name: 'home-config', path: (ids) => `${home(ids)}/config` },
  { name: 'quiet-home', path: (ids) => `${home(ids)}/config/quietHomeNodes` },
  { name: 'add-home', path: () => '/list/addHome/1' },
  { name: 'add-node', path: (ids) => `${home(ids)}/addNode/devs/selectDevice` },
  { name: 'account', path: () => '/account' },
  { name: 'remove-account-help', path: () => '/removeAccountHelp' },
  { name: 'privacy', path: () => '/privacy' },
  { name: 'about', path: () => '/about' },
  { name: 'help', path: () => '/help' },
  // Issue 28: a room's comfort and the home's holidays (nothing learned, decided or planned yet).
  {
    name: 'room-comfort',
    path: (ids) => `${node(ids)}/comfort`,
    ready: byTestId('comfort-learned-text'),
  },
  {
    name: 'holidays',
    path: (ids) => `${home(ids)}/holidays`,
    ready: (page) => page.getByRole('heading', { name: 'One-off days' }),
  },
  // Issue 29: the home's tariff and costs, and its power guard.
  {
    name: 'tariff',
    path: (ids) => `${home(ids)}/energy`,
    ready: (page) => page.getByRole('heading', { name: 'Tariff now' }),
  },
  {
    name: 'power-guard',
    path: (ids) => `${home(ids)}/energy/guard`,
    ready: (page) => page.getByRole('heading', { name: 'What the guard did' }),
  },
  { name: 'cloud-links', path: () => '/cloud-links', prepare: withLinkedCloudAccount },
  {
    name: 'cloud-choose-devices',
    path: () => `/cloud-links/${LOOK_CLOUD_ACCOUNT}/devices`,
    prepare: withLinkedCloudAccount,
  },
  // Issue 30: the home's activity log (its owner's "Your access" is on the home data).
  {
    name: 'home-activity',
    path: (ids) => `${home(ids)}/activity`,
    // The journeys' own log may be empty before the fixed one is answered.
    ready: (page) =>
      page
        .getByTestId('activity-entry')
        .or(page.getByText('Nothing has changed in this home yet.'))
        .locator('visible=true')
        .first(),
    prepare: withActivityLog,
  },
];

/** The screens of someone signed out. */
export const SIGNED_OUT_SCREENS: Screen[] = [
  { name: 'login', path: () => '/login', ready: byTestId('login-submit') },
  { name: 'register', path: () => '/login/register' },
  { name: 'forgot-password', path: () => '/login/forgot-password' },
  { name: 'terms', path: () => '/terms' },
];

/**
 * What changes by itself on a screen (clocks, measured values, the simulated houses' state,
 * charts of a day that moves, the build's version): masked in screenshot comparisons, so a
 * baseline shows layout, colours and text that a change of code would move.
 */
export const LIVE_VALUES = [
  'node-mtemp',
  'node-stemp',
  'node-clock',
  'node-pending',
  'home-clock',
  'detail-mtemp',
  'temperature-value',
  'charge-bar',
  'power-watts',
  'power-gauge',
  'power-profile',
  'records-chart',
  'records-period',
  'records-title',
  'schedule-now',
  // Today's day is marked, and which day that is moves with the date of the run.
  'schedule-days',
  'progress-percent',
  'weather-temp',
  'weather-wind',
  'weather-humidity',
  'map',
  'home-map',
  'login-version',
  'about-server',
  'about-frontend',
  'about-api',
  'boost-time',
  'boost-status',
  'timer-state',
  'heater-summary',
  'node-badges',
  // Issue 29: today's date as a new tariff's start, and money that grows with the month.
  'tariff-valid-from',
  'month-cost-to-date',
  'month-cost-projection',
  'records-cost',
];

/** The live values on the page, or only those inside `within` (a dialog). */
export function liveValues(page: Page, within?: Locator): Locator[] {
  const root = within ?? page;
  return [
    ...LIVE_VALUES.map((id) => root.getByTestId(id)),
    root.locator('time'),
    root.locator('[aria-current="date"], [aria-current="time"]'),
  ];
}

/** Waits until the screen's data is on it and Ionic's page transition is over. */
export async function settle(page: Page, screen: Screen): Promise<void> {
  const ready =
    screen.ready?.(page) ?? page.locator('ion-title, h1, h2').locator('visible=true').first();
  await expect(ready).toBeVisible();
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  // Lazy images (brand logos, product pictures) and web fonts finish before the picture.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
