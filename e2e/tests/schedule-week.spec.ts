import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures';
import {
  api,
  demoNode,
  nodeRoute,
  readProg,
  restoreProg,
  type Api,
  type DemoNode,
} from './heating-fixtures';

// Weekly schedule journeys on the demo home's living room: each one edits through the
// screen and checks what the server stored, then puts the programme back.
let client: Api;
let node: DemoNode;
let original: Record<string, number[]>;

test.beforeEach(async ({ page, request }) => {
  client = await api(request);
  node = await demoNode(client, 'Home', 'Living room');
  original = await readProg(client, node);
  await signIn(page);
});

test.afterEach(async () => {
  await restoreProg(client, node, original);
});

async function openSchedule(page: Page) {
  await page.goto(`${nodeRoute(node)}/schedule`);
  await page.getByRole('button', { name: 'Monday' }).click();
}

const slot = (page: Page, range: string) => page.getByLabel(range, { exact: true });

test('a slot edit is saved after 30 s of inactivity and survives a reload', async ({ page }) => {
  await page.clock.install();
  await openSchedule(page);
  const next = original['1']?.[3] === 2 ? '0' : '2';
  await slot(page, '03:00 – 04:00').selectOption(next);
  await expect(page.getByTestId('schedule-pending')).toBeVisible();
  await page.clock.fastForward(30_000);
  await expect(page.getByTestId('schedule-pending')).toBeHidden();
  await expect.poll(async () => (await readProg(client, node))['1']?.[3]).toBe(Number(next));
  await page.reload();
  await page.getByRole('button', { name: 'Monday' }).click();
  await expect(slot(page, '03:00 – 04:00')).toHaveValue(next);
});

test('leaving the screen saves the pending edit at once', async ({ page }) => {
  await openSchedule(page);
  const next = original['1']?.[4] === 0 ? '1' : '0';
  await slot(page, '04:00 – 05:00').selectOption(next);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await readProg(client, node))['1']?.[4]).toBe(Number(next));
});

test('copy Monday to Thursday and Saturday', async ({ page }) => {
  await openSchedule(page);
  await slot(page, '05:00 – 06:00').selectOption('2');
  await slot(page, '06:00 – 07:00').selectOption('0');
  await page.getByRole('button', { name: 'Copy day' }).click();
  const dialog = page.getByRole('dialog', { name: 'Copy Monday' });
  await expect(dialog.getByRole('checkbox', { name: /Monday/ })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Thursday' }).check();
  await dialog.getByRole('checkbox', { name: 'Saturday' }).check();
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect
    .poll(async () => {
      const p = await readProg(client, node);
      const monday = JSON.stringify(p['1']);
      return (
        p['1']?.[5] === 2 && JSON.stringify(p['4']) === monday && JSON.stringify(p['6']) === monday
      );
    })
    .toBe(true);
  const prog = await readProg(client, node);
  expect(prog['4']).toEqual(prog['1']);
  expect(prog['6']).toEqual(prog['1']);
  expect(prog['1']?.slice(5, 7)).toEqual([2, 0]);
});

test('switch to half-hourly and back to hourly', async ({ page }) => {
  await openSchedule(page);
  await slot(page, '07:00 – 08:00').selectOption('0');
  await page.getByRole('button', { name: 'Schedule resolution' }).click();
  await page.getByRole('radio', { name: '30 minutes' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(slot(page, '07:30 – 08:00')).toHaveValue('0');
  // The resolution change and the edited slot reach the device as separate writes: wait for
  // the day to hold both (48 half hours, 07:00 and 07:30 anti-frost).
  await expect
    .poll(async () => {
      const day = (await readProg(client, node))['1'];
      return day?.length === 48 ? day.slice(14, 16) : day?.length;
    })
    .toEqual([0, 0]);

  await slot(page, '07:30 – 08:00').selectOption('2');
  await page.getByRole('button', { name: 'Schedule resolution' }).click();
  await page.getByRole('radio', { name: '1 hour' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(slot(page, '07:00 – 08:00')).toHaveValue('0');
  // Hourly keeps the first half hour of each hour.
  await expect
    .poll(async () => {
      const day = (await readProg(client, node))['1'];
      return day?.length === 24 ? day[7] : `${day?.length} slots`;
    })
    .toBe(0);
});
