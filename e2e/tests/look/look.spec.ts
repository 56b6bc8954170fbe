import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { freshEmail } from '../accounts-mail';
import { signIn } from '../fixtures';
import { api, demoNode } from '../heating-fixtures';
import { otherUser } from '../homes-fixtures';
import { axeFindings } from './axe';
import { BRANDS, expectBrand, showBrand } from './brand';
import { DIALOGS, type Dialog } from './dialogs';
import { renderedContrastFailures } from './rendered-contrast';
import {
  liveValues,
  settle,
  SIGNED_IN_SCREENS,
  SIGNED_OUT_SCREENS,
  type Ids,
  type Screen,
} from './screens';

// What a person sees, on every screen and dialog, in both brands, on a phone and on a desktop:
// axe with colour contrast, the rendered contrast of every control (inside Ionic's shadow
// roots too), and a screenshot compared with the committed baseline (`npm run test:look:update`
// renews them; a failed comparison leaves expected, actual and diff images in e2e/test-results).
const WIDTHS = [
  { name: 'phone', viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

/** The signed-in screens in a few tests, so each reports on its own and none runs for long. */
const CHUNK = 7;
const chunks: Screen[][] = [];
for (let i = 0; i < SIGNED_IN_SCREENS.length; i += CHUNK)
  chunks.push(SIGNED_IN_SCREENS.slice(i, i + CHUNK));

/** Heights for the masked live boxes whose height follows their words (the CSS says which). */
const PINNED_LIVE_BOXES = fileURLToPath(new URL('./pinned-live-boxes.css', import.meta.url));

/**
 * Axe and rendered contrast over the whole page; the picture of the page or, for a dialog, of
 * the dialog alone: masks are drawn over the page, so the live values of the page under
 * a dialog (a heater's summary grows and shrinks with what it does) would otherwise be painted
 * over the dialog's controls.
 */
async function judge(page: Page, name: string, variant: string, dialog?: Locator): Promise<void> {
  const where = `${name} (${variant})`;
  expect.soft(await axeFindings(page), `axe on ${where}`).toEqual([]);
  expect.soft(await renderedContrastFailures(page), `rendered contrast on ${where}`).toEqual([]);
  const picture = { mask: liveValues(page, dialog), stylePath: PINNED_LIVE_BOXES };
  const soft = `screenshot of ${where}`;
  if (dialog) await expect.soft(dialog, soft).toHaveScreenshot(`${name}-${variant}.png`, picture);
  else await expect.soft(page, soft).toHaveScreenshot(`${name}-${variant}.png`, picture);
}

async function look(page: Page, screen: Screen, ids: Ids, variant: string): Promise<void> {
  await page.goto(screen.path(ids));
  await settle(page, screen);
  if (screen.prepare) {
    await screen.prepare(page);
    await settle(page, screen);
  }
  await judge(page, screen.name, variant);
}

async function lookAt(page: Page, dialog: Dialog, ids: Ids, variant: string): Promise<void> {
  await dialog.open(page, ids);
  await settle(page, { name: dialog.name, path: () => '', ready: dialog.shown });
  await judge(page, `dialog-${dialog.name}`, variant, dialog.shown(page));
}

for (const width of WIDTHS) {
  for (const brand of BRANDS) {
    const variant = `${brand}-${width.name}`;
    test.describe(variant, () => {
      test.use({
        viewport: width.viewport,
        isMobile: width.isMobile,
        hasTouch: width.hasTouch,
        deviceScaleFactor: 1,
      });
      test.setTimeout(6 * 60_000);
      let ids: Ids;
      test.beforeEach(async ({ page, request }) => {
        await showBrand(page, brand);
        ids = { node: await demoNode(await api(request), 'Home', 'Living room') };
      });

      test(`signed out, and a first sign-in: ${variant}`, async ({ page, request, baseURL }) => {
        for (const screen of SIGNED_OUT_SCREENS) {
          await look(page, screen, ids, variant);
          if (screen.name === 'login') await expectBrand(page, brand);
        }
        for (const dialog of DIALOGS.filter((d) => d.when === 'signed-out'))
          await lookAt(page, dialog, ids, variant);
        // A new account meets the privacy policy before anything else.
        const email = freshEmail('look');
        await otherUser(request, baseURL ?? '', email, 'look_pw_1');
        await signIn(page, email, 'look_pw_1');
        for (const dialog of DIALOGS.filter((d) => d.when === 'first-sign-in'))
          await lookAt(page, dialog, ids, variant);
      });

      chunks.forEach((screens, index) => {
        test(`signed-in screens ${index + 1}/${chunks.length}: ${variant}`, async ({ page }) => {
          await signIn(page);
          for (const screen of screens) await look(page, screen, ids, variant);
        });
      });

      test(`signed-in dialogs: ${variant}`, async ({ page }) => {
        await signIn(page);
        for (const dialog of DIALOGS.filter((d) => d.when === 'signed-in'))
          await lookAt(page, dialog, ids, variant);
      });
    });
  }
}
