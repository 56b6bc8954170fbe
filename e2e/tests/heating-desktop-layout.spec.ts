import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, chooseHome, signIn } from './fixtures';
import { startDemo } from './demo-network';
import { api, demoNode, nodeRoute } from './heating-fixtures';
import { freshDevId } from './homes-fixtures';

// Issue 25: a desktop layout that uses the width, and a phone layout no worse for it.

/** Names that do not fit their box: a cut name reads "Living ro…" and two heaters look alike. */
async function cutNames(names: Locator): Promise<string[]> {
  return names.evaluateAll((els) =>
    els
      .filter((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight + 1)
      .map((el) => el.textContent ?? ''),
  );
}

/** Every card's name whole, and its mode icon (or offline warning) shown beside the name. */
async function expectWholeCards(page: Page, homeName: string) {
  const region = page.getByRole('region', { name: homeName, exact: true });
  const cards = region.getByTestId('node-card');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  await expect(region.locator('[data-mode-icon]').first()).toBeVisible({ timeout: 30_000 });
  const names = region.locator('.node-card__name');
  expect(await names.count()).toBeGreaterThan(0);
  expect(await cutNames(names), `cut names in ${homeName}`).toEqual([]);
  for (const card of await cards.all()) {
    const name = (await card.getAttribute('aria-label')) ?? '';
    await expect(card.getByRole('heading', { name, exact: true })).toBeVisible();
    // The mode icon lives in the badges row, inside the card, never clipped by the name.
    const icon = card.getByTestId('node-badges').locator('.mode-icon').first();
    await expect(icon).toBeVisible();
    const box = await icon.boundingBox();
    const cardBox = await card.boundingBox();
    expect(box && cardBox && box.x + box.width <= cardBox.x + cardBox.width).toBe(true);
  }
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the demo homes: every card name whole, mode and indicators shown, cards wider than a phone', async ({
    page,
  }) => {
    await signIn(page);
    for (const home of ['Home', 'Flat']) {
      await chooseHome(page, home);
      await expectWholeCards(page, home);
    }
    const width = await page
      .getByTestId('node-card')
      .first()
      .evaluate((el) => el.clientWidth);
    expect(width).toBeGreaterThanOrEqual(220);
  });

  test('the table of a large home fits the screen', async ({ page, baseURL }) => {
    await startDemo(page, baseURL);
    const home = page.getByRole('region', { name: 'Family house', exact: true });
    await home.getByRole('button', { name: 'Table view' }).click();
    const table = home.getByTestId('node-table');
    await expect(table.getByRole('row')).toHaveCount(13);
    const sizes = await table.evaluate((el) => ({
      table: el.scrollWidth,
      wrap: (el.parentElement as HTMLElement).scrollWidth,
      wrapClient: (el.parentElement as HTMLElement).clientWidth,
    }));
    expect(sizes.table).toBeLessThanOrEqual(1280);
    expect(sizes.wrap).toBeLessThanOrEqual(sizes.wrapClient);
  });

  test('8 homes: the carousel shows every one of them', async ({ page, request }) => {
    const token = await apiToken(request);
    const headers = { Authorization: `Bearer ${token}` };
    const added: string[] = [];
    try {
      for (let i = 0; i < 6; i++) {
        const devId = freshDevId();
        const res = await request.post('/api/v2/devs', {
          headers,
          data: {
            country: 'ES',
            state: 'Madrid',
            city: 'Madrid',
            zip: '28001',
            tz_code: 'Europe/Madrid',
            groupData: { name: `Holiday cottage ${i + 1}`, id: devId.padEnd(32, 'c') },
            dev_id: devId,
            serial_id: '01',
            name: `Cottage gateway ${i + 1}`,
            product_id: '0105',
          },
        });
        expect(res.status(), await res.text()).toBeLessThan(300);
        added.push(devId);
      }
      await signIn(page);
      const carousel = page.getByTestId('home-carousel');
      const homes = carousel.getByRole('button');
      await expect(homes).toHaveCount(8);
      for (const home of await homes.all()) await expect(home).toBeInViewport({ ratio: 1 });
      expect(await cutNames(homes)).toEqual([]);
      // A wide screen needs no arrows.
      await expect(page.getByRole('button', { name: 'Next home' })).toBeHidden();

      // On a phone the carousel shows 3; its arrows reach every home, by keyboard.
      await page.setViewportSize({ width: 412, height: 915 });
      const next = page.getByRole('button', { name: 'Next home' });
      await expect(next).toBeVisible();
      await next.focus();
      for (let i = 1; i < 8; i++) {
        await page.keyboard.press('Enter');
        // Each press moves to the next home, as the user sees it before pressing again.
        await expect(homes.nth(i)).toHaveAttribute('aria-current', 'true');
      }
      const last = homes.nth(7);
      await expect(last).toHaveAttribute('aria-current', 'true');
      await expect(last).toBeInViewport();
      await expect(next).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Previous home' })).toBeEnabled();
    } finally {
      for (const devId of added) {
        const res = await request.delete(`/api/v2/devs/${devId}`, { headers });
        expect(res.ok(), `${devId}: ${await res.text()}`).toBe(true);
      }
    }
    const left = await request.get('/api/v2/grouped_devs', { headers });
    expect(((await left.json()) as unknown[]).length).toBe(2);
  });
});

test.describe('node detail at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('says what the heater does next; a running boost says so, and Edit time starts from the time left', async ({
    page,
    request,
  }) => {
    const client = await api(request);
    const node = await demoNode(client, 'Home', 'Living room');
    await signIn(page);
    await page.goto(nodeRoute(node));
    const summary = page.getByRole('region', { name: 'What the heater is doing' });
    await expect(summary.getByTestId('heater-plan')).toHaveText(/\S/, { timeout: 30_000 });
    await expect(summary.getByTestId('heater-plan')).not.toHaveText(/Waiting/);
    await expect(summary.getByText(/^Drawing [\d,]+ W$/)).toBeVisible();

    const toolbar = page.getByRole('navigation', { name: 'Heater actions' });
    await toolbar.getByRole('button', { name: 'Boost' }).click();
    let dialog = page.getByRole('dialog', { name: 'Boost' });
    await dialog.getByRole('button', { name: 'More time' }).click();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    const status = page.getByTestId('boost-status');
    await expect(status).toContainText(/Boost until \d\d:\d\d/, { timeout: 45_000 });
    await expect(status).toContainText(/Time left \d\d:\d\d/);
    const [, hours, minutes] =
      /Time left (\d\d):(\d\d)/.exec((await status.textContent()) ?? '') ?? [];
    const shown = Number(hours) * 60 + Number(minutes);
    await status.getByRole('button', { name: 'Edit time' }).click();
    dialog = page.getByRole('dialog', { name: 'Boost' });
    // The time the boost has left (the simulated clock runs 60× faster: a minute or two may
    // have gone), not the 60 min a new boost starts from.
    const left = Number(
      await dialog
        .getByRole('spinbutton', { name: 'Duration in minutes' })
        .getAttribute('aria-valuenow'),
    );
    expect(Math.abs(left - shown)).toBeLessThanOrEqual(3);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await status.getByRole('button', { name: 'Stop boost' }).click();
    await expect(status).toBeHidden();

    // The plan keeps two lines, so what is under the summary stays put as its words change.
    const plan = summary.getByTestId('heater-plan');
    const show = (words: string) =>
      plan.evaluate((el, text) => {
        el.textContent = text;
        const range = document.createRange();
        range.selectNodeContents(el);
        return {
          text: range.getBoundingClientRect().height,
          summary: el.parentElement?.getBoundingClientRect().height,
        };
      }, words);
    const one = await show('Comfort 21.0 °C');
    const two = await show(
      'Eco 18.0 °C until Wednesday 07:00, then Comfort 21.0 °C until Wednesday 22:00',
    );
    expect(two.text).toBeGreaterThan(one.text * 1.5);
    expect(two.summary).toBe(one.summary);
  });
});

test.describe('at 412 px', () => {
  test.use({ viewport: { width: 412, height: 915 } });

  test('the phone layout: names whole, icons shown, nothing wider than the screen', async ({
    page,
  }) => {
    await signIn(page);
    for (const home of ['Home', 'Flat']) {
      await chooseHome(page, home);
      await expectWholeCards(page, home);
      for (const card of await page.getByTestId('node-card').all()) {
        const box = await card.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 412).toBe(true);
      }
    }
    // Two homes fit the carousel: no arrows.
    await expect(page.getByRole('button', { name: 'Next home' })).toHaveCount(0);
  });
});
