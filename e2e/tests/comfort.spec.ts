import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from './fixtures';
import { api, demoNode, nodePath, nodeRoute, type Api, type DemoNode } from './heating-fixtures';

// Issue 28, the app's side of comfort (docs/comfort.md): a room's switches, a home's holidays,
// and the open-window notice with its one-tap resume. The Flat's bedroom is used so that the
// look checks' living room is left as the seed made it; each test puts back what it changed.

const comfortPath = (n: DemoNode) => `/api/hearth/v1/devs/${n.devId}/${n.type}/${n.addr}/comfort`;

/** The launcher's test hook (SIM_CONTROL): holds a heater's window open or shut for a while. */
async function holdWindow(request: APIRequestContext, n: DemoNode, state: 'open' | 'shut') {
  const base = process.env.E2E_SIM_CONTROL_URL;
  if (!base)
    throw new Error('E2E_SIM_CONTROL_URL is not set: run through e2e/playwright.config.ts');
  const res = await request.post(
    `${base}/gateways/${n.devId}/${n.type}/${n.addr}/window/${state}/60`,
  );
  expect(res.status(), await res.text()).toBe(200);
}

async function comfortOff(client: Api, n: DemoNode) {
  await client.post(comfortPath(n), { optimum_start: false, window_detection: false });
}

test('the owner switches a room to optimum start and window detection, and plans a holiday', async ({
  page,
  request,
}) => {
  const client = await api(request);
  const room = await demoNode(client, 'Flat', 'Bedroom');
  await comfortOff(client, room);
  await signIn(page);
  try {
    // From the room's detail, its comfort screen.
    await page.goto(nodeRoute(room));
    const link = page.getByTestId('comfort-link');
    await expect(link).toContainText('Optimum start off · Window detection off');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${nodeRoute(room)}/comfort$`));
    const optimum = page.getByRole('switch', { name: 'Optimum start' });
    const windows = page.getByRole('switch', { name: 'Open-window detection' });
    await expect(optimum).not.toBeChecked();
    await windows.check();
    await expect(windows).toBeChecked();
    await optimum.check();
    await expect(optimum).toBeChecked();
    await expect(page.getByTestId('comfort-learned-text')).toContainText('Still learning');

    // What was switched is the server's, not only the screen's.
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Optimum start' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Open-window detection' })).toBeChecked();

    // The home's holidays, from the room's screen.
    await page.getByRole('link', { name: 'Holidays and one-off days' }).click();
    await expect(page).toHaveURL(new RegExp(`/homes/${room.homeId}/holidays$`));
    await expect(page.getByText('No holiday planned.')).toBeVisible();
    await page.getByRole('button', { name: 'Add a holiday' }).click();
    const form = page.getByRole('form', { name: 'New holiday' });
    await form.getByLabel('Leaving on').fill('2027-02-12');
    await form.getByLabel('Back on').fill('2027-02-10');
    await form.getByRole('button', { name: 'Save' }).click();
    // The server refuses a return before the start, and says why; nothing is listed.
    await expect(form.getByRole('alert')).toContainText('return time');
    await expect(page.getByTestId('holiday')).toHaveCount(0);
    await form.getByLabel('Back on').fill('2027-02-14');
    await form.getByLabel('Return time').fill('17:30');
    await form.getByRole('radio', { name: 'Chosen rooms' }).check();
    await form.getByRole('checkbox', { name: 'Bedroom' }).check();
    await form.getByLabel('Away temperature (°C)').fill('14');
    await form.getByRole('button', { name: 'Save' }).click();
    const holiday = page.getByTestId('holiday');
    await expect(holiday).toHaveCount(1);
    await expect(holiday).toContainText('Feb 12, 2027, 08:00');
    await expect(holiday).toContainText('Feb 14, 2027, 17:30');
    await expect(holiday).toContainText('Bedroom');
    await expect(holiday).toContainText('Away temperature 14.0 °C');

    // Deleted once confirmed.
    await holiday.getByRole('button', { name: /^Delete / }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('holiday')).toHaveCount(0);
    await expect(page.getByText('No holiday planned.')).toBeVisible();
  } finally {
    await comfortOff(client, room);
  }
});

test('a window the heater reports open pauses heating, says until when, and one tap resumes it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const client = await api(request);
  const room = await demoNode(client, 'Flat', 'Bedroom');
  const setup = await client.get<Record<string, unknown>>(`${nodePath(room)}/setup`);
  await client.post(comfortPath(room), { window_detection: true });
  // The heater's own window detection: it reports window_open while its window is open.
  await client.post(`${nodePath(room)}/setup`, { ...setup, window_mode_enabled: true });
  await signIn(page);
  try {
    await holdWindow(request, room, 'open');
    await page.goto(nodeRoute(room));
    const notice = page.getByTestId('window-notice');
    // The next report of the gateway carries the open window; the detail reads it when opened.
    await expect(async () => {
      await page.reload();
      await expect(notice).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 150_000 });
    await expect(notice).toContainText(/Window open: heating paused until \d\d:\d\d/);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/comfort/window/override')),
      notice.getByRole('button', { name: 'Resume heating' }).click(),
    ]);
    expect(await answer.json()).toEqual({ resumed: true });
    // The heater itself still says its window is open: it is shut before the room is read again.
    await holdWindow(request, room, 'shut');
    await page.goto(`${nodeRoute(room)}/comfort`);
    const decisions = page.getByTestId('comfort-decisions');
    await expect(decisions).toContainText('Heating resumed by hand');
    await expect(decisions).toContainText('Window open: the heater reported it, heating paused');
  } finally {
    await holdWindow(request, room, 'shut');
    await client.post(`${nodePath(room)}/setup`, { ...setup, window_mode_enabled: false });
    await comfortOff(client, room);
  }
});
