import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './fixtures';
import { api, demoNode, nodeRoute } from './heating-fixtures';

// The weekly schedule's slots laid out for the width they get: on a 1280 px screen the day
// reads in four columns of six hours (00-06, 06-12, 12-18, 18-24), each slot's time beside its
// value and the whole day in view; on a phone, one column. Only a browser lays them out.

type Box = { x: number; y: number; width: number; height: number };

const hour = (h: number) =>
  `${String(h).padStart(2, '0')}:00 – ${String(h + 1).padStart(2, '0')}:00`;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

/** A slot's row, the hour label in it and its value field. */
async function slot(page: Page, h: number) {
  const select = page.getByLabel(hour(h), { exact: true });
  const row = page.locator('.schedule__slot').filter({ has: select });
  return {
    row: await boxOf(row),
    label: await boxOf(row.getByText(hour(h), { exact: true })),
    select: await boxOf(select),
  };
}

async function openSchedule(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  const node = await demoNode(await api(page.request), 'Home', 'Living room');
  await signIn(page);
  await page.goto(`${nodeRoute(node)}/schedule`);
  await page.getByRole('button', { name: 'Monday' }).click();
  await expect(page.getByLabel(hour(23), { exact: true })).toBeVisible();
}

test('at 1280 px the day is four columns of six hours, time beside value, all in view', async ({
  page,
}) => {
  await openSchedule(page, 1280, 800);
  const slots = await Promise.all(Array.from({ length: 24 }, (_, h) => slot(page, h)));
  for (let column = 0; column < 4; column++) {
    const first = slots[column * 6]!;
    for (let row = 0; row < 6; row++) {
      const s = slots[column * 6 + row]!;
      // Hours run down the column, their labels starting at one edge.
      expect(Math.abs(s.label.x - first.label.x)).toBeLessThanOrEqual(1);
      if (row > 0) expect(s.row.y).toBeGreaterThan(slots[column * 6 + row - 1]!.row.y);
      // A row is as wide as it needs, its value beside its time.
      expect(s.row.width).toBeLessThan(400);
      expect(s.select.x - (s.label.x + s.label.width)).toBeLessThan(80);
    }
    // Each column starts level with the first, to its right.
    expect(Math.abs(first.row.y - slots[0]!.row.y)).toBeLessThanOrEqual(1);
    if (column > 0) expect(first.row.x).toBeGreaterThan(slots[(column - 1) * 6]!.row.x + 200);
  }
  // The whole day is seen without scrolling.
  const last = slots[23]!;
  expect(last.row.y + last.row.height).toBeLessThanOrEqual(800);
});

test('at 412 px the day is one column, hour under hour', async ({ page }) => {
  await openSchedule(page, 412, 915);
  const slots = await Promise.all(Array.from({ length: 24 }, (_, h) => slot(page, h)));
  for (let h = 1; h < 24; h++) {
    expect(Math.abs(slots[h]!.label.x - slots[0]!.label.x)).toBeLessThanOrEqual(1);
    expect(slots[h]!.row.y).toBeGreaterThan(slots[h - 1]!.row.y);
  }
  // The row fills the phone's width, its value field within it.
  expect(slots[0]!.row.width).toBeGreaterThan(350);
  expect(slots[0]!.select.x + slots[0]!.select.width).toBeLessThanOrEqual(412);
});
