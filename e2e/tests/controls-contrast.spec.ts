import { expect, test, type Locator, type Page } from '@playwright/test';
import { showBrand, type BundledBrandKey } from './brand';
import { signIn } from './fixtures';

// What only a browser can tell: the contrast of a button's text against what is painted
// under it, once every stylesheet of the app has loaded, in each bundled brand.

/** Contrast of an element's text colour against the first opaque background under it. */
async function renderedContrast(target: Locator): Promise<number> {
  return target.evaluate((element) => {
    const parse = (c: string) => {
      const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(c);
      if (!m) throw new Error(`unreadable colour ${c}`);
      return { rgb: [m[1], m[2], m[3]].map(Number), alpha: m[4] === undefined ? 1 : Number(m[4]) };
    };
    const luminance = ([r, g, b]: number[]) =>
      [r, g, b]
        .map((v) => v! / 255)
        .map((s) => (s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4))
        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    // An Ionic button paints its text and fill inside its shadow root (::part(native)).
    const painted = (e: Element) => e.shadowRoot?.querySelector('.button-native') ?? e;
    const text = parse(getComputedStyle(painted(element)).color).rgb;
    let background: number[] | undefined;
    for (let e: Element | null = element; e && !background; e = e.parentElement) {
      const fill = parse(getComputedStyle(painted(e)).backgroundColor);
      if (fill.alpha > 0.9) background = fill.rgb;
    }
    const [hi, lo] = [luminance(text), luminance(background ?? [255, 255, 255])].sort(
      (a, b) => b - a,
    );
    return (hi! + 0.05) / (lo! + 0.05);
  });
}

async function openPrivacyDialog(page: Page) {
  // The demo account accepted the policy long ago: the server answers as for a new user.
  await page.route('**/api/v2/users/*/privacy', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ json: { accepted: false, date: null } })
      : route.continue(),
  );
  await signIn(page);
  const dialog = page.getByTestId('privacy-dialog').locator('visible=true').last();
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const brand of ['01', '02'] as BundledBrandKey[]) {
  test(`brand ${brand}: the privacy dialog's Accept and the delete-account buttons read at AA`, async ({
    page,
  }) => {
    await showBrand(page, brand);
    const dialog = await openPrivacyDialog(page);
    await dialog.getByRole('checkbox').check();
    const accept = dialog.getByRole('button', { name: 'Accept' });
    await expect(accept).toBeEnabled();
    expect(await renderedContrast(accept)).toBeGreaterThanOrEqual(4.5);
    // The account screen's styles loaded on top of the dialog's change nothing.
    await page.unroute('**/api/v2/users/*/privacy');
    await page.goto('/account?section=configuration');
    const open = page.getByRole('button', { name: 'Delete account' }).locator('visible=true');
    expect(await renderedContrast(open)).toBeGreaterThanOrEqual(4.5);
    await open.click();
    const modal = page.getByTestId('delete-dialog');
    await modal.getByLabel('Password', { exact: true }).fill('not-sent');
    for (const name of ['Delete', 'Cancel']) {
      const button = modal.getByRole('button', { name, exact: true });
      await expect(button).toBeEnabled();
      expect(await renderedContrast(button), name).toBeGreaterThanOrEqual(4.5);
      const box = await button.boundingBox();
      expect(box?.height ?? 0, name).toBeGreaterThanOrEqual(44);
    }
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
  });

  test(`brand ${brand}: "Where is my serial id?" covers the toolbar and its Close is reachable`, async ({
    page,
  }) => {
    await showBrand(page, brand);
    await page.goto('/login/register');
    await expect(page.getByRole('heading', { name: 'Create an account', level: 1 })).toBeVisible();
    const field = (name: string | RegExp) =>
      page.getByLabel(name, { exact: true }).locator('visible=true').last();
    await field('E-mail').fill('look@example.com');
    await field('Password').fill('first_pw1');
    await field('Repeat password').fill('first_pw1');
    await page
      .getByLabel(/I accept the terms/)
      .locator('visible=true')
      .last()
      .check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Where is my serial id?' }).click();
    const help = page.getByRole('dialog', { name: 'Where is my serial id?' });
    const close = help.getByRole('button', { name: 'Close' });
    // What a click at the button's centre reaches is the button, not the toolbar over it.
    const box = await close.boundingBox();
    if (!box) throw new Error('the Close button has no box');
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(hit).toBe('Close');
    expect(await renderedContrast(close)).toBeGreaterThanOrEqual(4.5);
    await close.click();
    await expect(help).toBeHidden();
  });
}
