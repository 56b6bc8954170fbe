import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './fixtures';
import { api, demoNode, nodePath, nodeRoute, type Api, type DemoNode } from './heating-fixtures';

// Issue 25 on a 412 px phone: the node detail's toolbar shows every control whole, each a
// 44 px target a tap reaches (Boost was cut at the right edge), and a toast sits above the
// toolbar instead of over its controls, its text whole.
test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

/** Whether a tap at the middle of the control reaches it (nothing drawn over it). */
function reachedAtItsMiddle(control: Locator): Promise<boolean> {
  return control.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

async function expectWholeAndReachable(page: Page, control: Locator, name: string) {
  const box = await control.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport, name).toBeTruthy();
  if (!box || !viewport) return;
  expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${name} above the bottom edge`).toBeLessThanOrEqual(viewport.height);
  expect(box.height, `${name} is a 44 px target`).toBeGreaterThanOrEqual(44);
  expect(box.width, `${name} is a 44 px target`).toBeGreaterThanOrEqual(44);
  // Its label is not cut inside it either.
  expect(
    await control.evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
    `${name} label whole`,
  ).toBe(true);
  expect(await reachedAtItsMiddle(control), `${name} reached by a tap`).toBe(true);
}

/** The Living room in auto, as the demo seeds it; put back as it was at the end. */
async function livingRoomInAuto(client: Api, node: DemoNode): Promise<() => Promise<void>> {
  const status = await client.get<{ mode: string; stemp?: string }>(`${nodePath(node)}/status`);
  await client.post(`${nodePath(node)}/status`, { mode: 'auto' });
  return () =>
    client.post(
      `${nodePath(node)}/status`,
      status.mode === 'manual' && status.stemp
        ? { mode: 'manual', stemp: status.stemp, units: 'C' }
        : { mode: status.mode === 'modified_auto' ? 'auto' : status.mode },
    );
}

test('node detail at 412 px: every toolbar control whole, 44 px and reachable; the advice toast above the toolbar', async ({
  page,
  request,
}) => {
  const client = await api(request);
  const node = await demoNode(client, 'Home', 'Living room');
  const restore = await livingRoomInAuto(client, node);
  try {
    await signIn(page);
    await page.goto(nodeRoute(node));
    const toolbar = page.getByRole('navigation', { name: 'Heater actions' });
    const boost = toolbar.getByRole('button', { name: 'Boost' });
    await expect(boost).toBeVisible();
    const tools = toolbar.locator('a, button');
    // Schedule joins once the node's programme is known (spec 3 §2: only with the capability).
    await expect(tools).toHaveText(['Schedule', 'Records', 'Settings', 'Boost']);
    const names = await tools.allInnerTexts();
    for (const [i, name] of names.entries())
      await expectWholeAndReachable(page, tools.nth(i), name.trim());

    // A set point changed in auto raises the modified-auto advice: above the toolbar.
    const spin = page.getByRole('spinbutton', { name: 'Set temperature' });
    await expect(spin).toHaveAttribute('aria-valuenow', /\d/);
    const before = Number(await spin.getAttribute('aria-valuenow'));
    await spin.focus();
    await page.keyboard.press(before >= 29 ? 'ArrowDown' : 'ArrowUp');
    const toast = page.getByTestId('modified-auto-toast');
    await expect(toast).toBeVisible();
    // Read at once: the advice goes away by itself after 3 s.
    const seen = await toast.evaluate((el) => {
      const bar = Array.from(document.querySelectorAll('ion-footer')).find(
        (f) => f.getBoundingClientRect().height > 0 && !f.closest('.ion-page-hidden'),
      );
      const box = el.getBoundingClientRect();
      return {
        toastTop: box.top,
        toastBottom: box.bottom,
        toolbarTop: bar?.getBoundingClientRect().top ?? Number.NaN,
        textWhole: el.scrollHeight <= el.clientHeight + 1,
      };
    });
    expect(seen.toastBottom).toBeLessThanOrEqual(seen.toolbarTop);
    expect(seen.toastTop).toBeGreaterThanOrEqual(0);
    expect(seen.textWhole).toBe(true);
    // The toolbar's controls stay reachable while the advice shows.
    expect(await reachedAtItsMiddle(boost)).toBe(true);
    expect(await reachedAtItsMiddle(toolbar.getByRole('link', { name: 'Settings' }))).toBe(true);
    await page.getByRole('button', { name: 'Restore auto' }).click();
  } finally {
    await restore();
  }
});
