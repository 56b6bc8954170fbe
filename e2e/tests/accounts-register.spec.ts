import { expect, test, type Page } from '@playwright/test';
import { freshEmail, label, mailedLink, shown } from './accounts-mail';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await label(page, 'E-mail').fill(email);
  await label(page, 'Password').fill(password);
  await label(page, 'Password').press('Enter');
}

test('register, confirm by mail, accept the policy, change e-mail and password, delete', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = freshEmail('reg');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/login\/register$/);
  // The screen's code loads on first use: wait for it before typing, or the keys reach sign-in.
  await expect(page.getByRole('heading', { name: 'Create an account', level: 1 })).toBeVisible();

  // Step 1: access data; Continue waits for the terms.
  await label(page, 'E-mail').fill(email);
  await label(page, 'Password').fill('first_pw1');
  await label(page, 'Repeat password').fill('first_pw1');
  const next = page.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await label(page, /I accept the terms/).check();
  await next.click();

  // Step 2: the serial id printed on the device.
  await label(page, 'Serial id').fill('0101');
  await page.getByRole('button', { name: 'Send register' }).click();
  await expect(shown(page, 'form-success')).toContainText('Check your e-mail');
  // After 5 s the app goes back to the sign-in.
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });

  // Not usable before confirming, and the sign-in says why.
  await signIn(page, email, 'first_pw1');
  const unconfirmed = page
    .getByRole('alert')
    .filter({ hasText: 'Confirm your e-mail address first' });
  await expect(unconfirmed.getByRole('button', { name: 'Send the link again' })).toBeVisible();

  const confirm = await mailedLink(email, 'registration-confirm');
  expect(confirm).toContain('/registration-confirm/01.01?user=');
  await page.goto(confirm);
  await expect(shown(page, 'form-success')).toContainText('Your account is confirmed');
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });

  await signIn(page, email, 'first_pw1');
  await expect(page).toHaveURL(/\/$/);
  // The policy dialog cannot be dismissed: Escape leaves it there.
  const dialog = shown(page, 'privacy-dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  const accept = dialog.getByRole('button', { name: 'Accept' });
  await expect(accept).toBeDisabled();
  await dialog.getByRole('checkbox').check();
  await accept.click();
  await expect(dialog).toBeHidden();

  // Change password.
  await page.goto('/account');
  await shown(page, 'account-tab-password').click();
  await label(page, 'Current password').fill('first_pw1');
  await label(page, 'New password').fill('second_pw2');
  await label(page, 'Repeat new password').fill('second_pw2');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(shown(page, 'form-success')).toContainText('Your password has been changed');

  // Change e-mail, confirmed from the new mailbox.
  const newEmail = freshEmail('moved');
  await page.goto('/account');
  await label(page, 'New e-mail').fill(newEmail);
  await label(page, 'Password').fill('second_pw2');
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(shown(page, 'form-success')).toContainText('confirmation link');
  await page.goto(await mailedLink(newEmail, 'email-change-confirm'));
  await expect(shown(page, 'form-success')).toContainText('Your new e-mail address is confirmed');
  // Sign out from the side panel, then in again with the new address.
  await page.goto('/list');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await shown(page, 'menu-logout').click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, newEmail, 'second_pw2');
  await expect(page).toHaveURL(/\/$/);

  // Delete the account.
  await page.goto('/account');
  await shown(page, 'account-tab-configuration').click();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const del = shown(page, 'delete-dialog');
  await label(del, 'Password').fill('second_pw2');
  await del.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The deleted account no longer signs in.
  await label(page, 'E-mail').fill(newEmail);
  await label(page, 'Password').fill('second_pw2');
  await label(page, 'Password').press('Enter');
  await expect(shown(page, 'login-error')).toBeVisible();
});
