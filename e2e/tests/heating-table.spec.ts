import { expect, test } from '@playwright/test';
import type { NodeSpec } from '@hearth/simulator';
import { signIn } from './fixtures';
import { ownHome, type OwnHome } from './heating-fixtures';
import { tokenFor } from './homes-fixtures';

/** Spec 3 §9: a table edit waits 4 s for more typing. */
const TABLE_EDIT_DEBOUNCE_MS = 4_000;
/** Spec 1 §2: the table is offered from this width with at least ten nodes. */
const TABLE_MIN_WIDTH_PX = 810;

const ROOMS: NodeSpec[] = Array.from({ length: 10 }, (_, i) => ({
  type: 'htr',
  name: `Room ${i + 1}`,
  addr: i + 1,
  mode: 'manual',
  stemp: 19,
}));

let home: OwnHome | undefined;

test.afterEach(async () => {
  await home?.fleet.stop();
  home = undefined;
});

test('table view: offered for ten heaters on a wide screen, remembered, edits debounced and flushed', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  home = await ownHome(request, baseURL ?? '', ROOMS);
  // The browser's timers are ours to move: the 4 s debounce is checked to the millisecond.
  await page.clock.install();
  await signIn(page, home.email, home.password);
  const region = page.getByRole('region', { name: 'Block', exact: true });
  await expect(region.getByRole('article')).toHaveCount(ROOMS.length, { timeout: 30_000 });
  const toTable = page.getByRole('button', { name: 'Table view' });

  if ((page.viewportSize()?.width ?? 0) < TABLE_MIN_WIDTH_PX) {
    // A phone keeps the grid whatever the node count.
    await expect(toTable).toHaveCount(0);
    return;
  }

  await toTable.click();
  const table = page.getByTestId('node-table');
  await expect(table.getByRole('row')).toHaveCount(ROOMS.length + 1);
  await page.reload();
  await expect(table).toBeVisible();
  await expect(page.getByRole('button', { name: 'Grid view' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const stemp1 = table.getByRole('spinbutton', { name: 'Set temp. Room 1', exact: true });
  const comfort2 = table.getByRole('spinbutton', { name: 'Comfort Room 2', exact: true });
  await expect(stemp1).toHaveValue('19');
  await expect(stemp1).toBeEnabled();
  await expect(comfort2).toBeEnabled();
  const writes: Array<{ url: string; body: unknown }> = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/status'))
      writes.push({ url: r.url(), body: r.postDataJSON() });
  });

  // Time stands still from here: only an edit of another field can send the first one.
  await page.clock.pauseAt(Date.now() + 1_000);
  await stemp1.fill('21.5');
  await expect(stemp1).toHaveAttribute('data-pending', 'true');
  expect(writes).toEqual([]);
  await comfort2.fill('23');
  await expect.poll(() => writes.length).toBe(1);
  expect(writes[0]?.url).toMatch(/\/htr\/1\/status$/);
  expect(writes[0]?.body).toEqual({ stemp: '21.5', units: 'C' });

  // The second edit goes out 4 s after it was typed, not a millisecond before.
  await page.clock.runFor(TABLE_EDIT_DEBOUNCE_MS - 1);
  expect(writes).toHaveLength(1);
  await page.clock.runFor(1);
  await expect.poll(() => writes.length).toBe(2);
  expect(writes[1]?.url).toMatch(/\/htr\/2\/status$/);
  expect(writes[1]?.body).toEqual({ comf_temp: '23.0', units: 'C' });
  await page.clock.resume();

  // The simulated heaters report the new values: nothing is pending any more.
  await expect(stemp1).not.toHaveAttribute('data-pending', 'true');
  await expect(stemp1).toHaveValue('21.5');
  await expect(comfort2).not.toHaveAttribute('data-pending', 'true');
  await expect(comfort2).toHaveValue('23');
  const token = await tokenFor(request, home.email, home.password);
  const status = async (addr: number) =>
    (await (
      await request.get(`/api/v2/devs/${home?.devId}/htr/${addr}/status`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { stemp: string; comf_temp: string };
  expect((await status(1)).stemp).toBe('21.5');
  expect((await status(2)).comf_temp).toBe('23.0');
});
