import { expect, test, type Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from './fixtures';
import { label, shown } from './accounts-mail';

// A signed-out start shows the light sign-in (plain React, no Ionic shell: no <ion-app>) and
// hands over to the full app for everything past it (packages/web/src/features/auth/light).

async function expectLightSignIn(page: Page) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.locator('ion-app')).toHaveCount(0);
}

/**
 * The full app's sign-in after signing out from the side panel: shown, reachable by role, and
 * inside nothing hidden from assistive technology. Ionic hides the page under an open panel
 * (aria-hidden, no pointer events) until the panel has closed; a panel that went away before
 * that left the sign-in screen hidden from screen readers and taps.
 */
async function expectFullSignInReachable(page: Page) {
  const heading = page.locator('h1', { hasText: 'Sign in' }).locator('visible=true');
  await expect(heading).toBeVisible();
  await expect(heading.locator('xpath=ancestor::*[@aria-hidden="true"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

async function signInFromLight(page: Page) {
  await label(page, 'E-mail').fill(DEMO_EMAIL);
  await label(page, 'Password').fill(DEMO_PASSWORD);
  await label(page, 'Password').press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('ion-app')).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Home', exact: true })).toBeVisible();
}

test('a deep link while signed out shows the light sign-in at /login; signing in reaches the dashboard, signing out comes back', async ({
  page,
}) => {
  await page.goto('/homes/some-home/settings');
  await expect(page).toHaveURL(/\/login$/);
  await expectLightSignIn(page);

  await signInFromLight(page);

  await page.getByRole('button', { name: 'Open menu' }).first().click();
  await shown(page, 'menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  // The full app's /login: the same sign-in screen.
  await expectFullSignInReachable(page);

  // A fresh start without a session is the light one again.
  await page.reload();
  await expectLightSignIn(page);
});

test('signing out while the side panel is still sliding open leaves a sign-in screen that can be read and used', async ({
  page,
}) => {
  await page.goto('/login');
  await expectLightSignIn(page);
  await signInFromLight(page);

  await page.getByRole('button', { name: 'Open menu' }).first().click();
  // A tap on "Log out" as soon as it is there, before the panel has finished sliding in (a
  // pointer click would wait for it to stand still).
  const logout = page.getByTestId('menu-logout').last();
  await logout.waitFor({ state: 'attached' });
  await logout.dispatchEvent('click');
  await expect(page).toHaveURL(/\/login$/);
  await expectFullSignInReachable(page);

  // The screen takes taps again: signing in by the button reaches the dashboard.
  await label(page, 'E-mail').fill(DEMO_EMAIL);
  await label(page, 'Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Enter' }).locator('visible=true').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Home', exact: true })).toBeVisible();
});

test('wrong credentials on the light sign-in show the warning and keep the user there', async ({
  page,
}) => {
  await page.goto('/login');
  await expectLightSignIn(page);
  await label(page, 'E-mail').fill(DEMO_EMAIL);
  await label(page, 'Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Enter' }).click();
  await expect(page.getByTestId('login-error')).toContainText('Wrong user or password');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('ion-app')).toHaveCount(0);
});

for (const [link, path, heading] of [
  ['Create an account', '/login/register', 'Create an account'],
  ['Forgot your password?', '/login/forgot-password', 'Forgot password'],
] as const) {
  test(`the "${link}" link of the light sign-in opens ${path} in the full app, and back returns to sign-in`, async ({
    page,
  }) => {
    await page.goto('/login');
    await expectLightSignIn(page);
    await page.getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await expect(
      page.getByRole('heading', { name: 'Sign in' }).locator('visible=true'),
    ).toBeVisible();
  });
}

test('the demo link of the light sign-in opens the sample homes', async ({ page }) => {
  await page.goto('/login');
  await expectLightSignIn(page);
  await page.getByRole('button', { name: 'Try the demo' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('navigation', { name: 'Home', exact: true }).getByRole('button', {
      name: 'Family house',
    }),
  ).toBeVisible();
});

// Spec 1 §4: the first press with empty fields marks them to be read (browser autofill fills
// them without the events a typing user sends); the values arriving then sign in by themselves.
test('after a first press with empty fields, filling both signs in without another press', async ({
  page,
}) => {
  await page.goto('/login');
  await expectLightSignIn(page);
  await page.getByRole('button', { name: 'Enter' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await label(page, 'E-mail').fill(DEMO_EMAIL);
  await label(page, 'Password').fill(DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Home', exact: true })).toBeVisible();
});
