import { expect, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { shown } from './accounts-mail';
import { signIn } from './fixtures';

/** Whether an <img> really loaded (the server answered an image, not a 404). */
async function loaded(page: Page, testId: string): Promise<boolean> {
  const img = shown(page, testId);
  await expect(img).toBeVisible();
  return img.evaluate(
    (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
  );
}

test('signed out: the brand logo, go-to-login on the nested login screens and the terms page', async ({
  page,
}) => {
  await page.goto('/login');
  expect(await loaded(page, 'brand-main-logo')).toBe(true);
  // Spec 1 §2: no toolbar on sign-in itself.
  await expect(page.getByRole('button', { name: 'Go to login' })).toHaveCount(0);
  // Spec 1 §1: the copyright line shows the year the app was built.
  await expect(page.getByText(`© ${new Date().getUTCFullYear()} Hearth`)).toBeVisible();

  await page.goto('/login/register');
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  // The terms open in their own tab, so the form keeps what was typed.
  const [terms] = await Promise.all([
    page.context().waitForEvent('page'),
    shown(page, 'terms-link').click(),
  ]);
  await expect(terms).toHaveURL(/\/terms$/);
  await expect(terms.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await terms.close();

  await page.getByRole('button', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('signed in: help from the side panel, the menu icon on nested pages, the brand theme', async ({
  page,
}) => {
  await signIn(page);
  // The Hearth brand's theme variant and its shades are applied to the document.
  await expect(page.locator('html')).toHaveClass(/brand-hearth/);
  const dark = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--hearth-brand-dark').trim(),
  );
  expect(dark).toMatch(/^#[0-9a-f]{6}$/i);

  await page.getByRole('button', { name: 'Open menu' }).first().click();
  expect(await loaded(page, 'menu-logo')).toBe(true);
  // Hearth names no second brand: the secondary logo is the default one.
  expect(await loaded(page, 'menu-secondary-logo')).toBe(true);
  await expect(shown(page, 'menu-secondary-logo')).toHaveAttribute(
    'src',
    '/webapp/v3/img/logo-secondary-default.svg',
  );
  await shown(page, 'menu-help').click();
  await expect(page).toHaveURL(/\/help$/);
  const topic = page.getByText('What is boost?');
  await expect(topic).toBeVisible();
  // Each answer opens from the keyboard.
  await topic.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Boost heats at the boost temperature')).toBeVisible();
  // A nested page has the menu icon beside its back arrow (spec 1 §2); the dashboard below it
  // in the page stack has its own.
  const helpToolbar = page.getByRole('banner').filter({ hasText: 'Help' });
  await expect(helpToolbar.getByRole('button', { name: 'Open menu' })).toBeVisible();

  // The remove-account help page hides the menu icon.
  await page.goto('/removeAccountHelp');
  await expect(page.getByRole('button', { name: 'Back' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
});
