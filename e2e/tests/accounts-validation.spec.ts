import { expect, test } from '@playwright/test';
import { label, shown } from './accounts-mail';
import { DEMO_EMAIL, DEMO_PASSWORD, signIn } from './fixtures';

const FIELDS = 'You must complete the following fields:';

test('registration shows every validation message of spec 1 §5', async ({ page }) => {
  await page.goto('/login/register');
  const error = shown(page, 'form-error');
  const next = page.getByRole('button', { name: 'Continue' });
  await label(page, /I accept the terms/).check();

  await next.click();
  await expect(error).toHaveText(`${FIELDS} E-mail, Password, Repeat password`);

  await label(page, 'E-mail').fill('no-at-sign');
  await label(page, 'Password').fill('good_pw1');
  await label(page, 'Repeat password').fill('good_pw1');
  await next.click();
  await expect(error).toHaveText('Invalid email');

  await label(page, 'E-mail').fill('someone@example.com');
  await label(page, 'Password').fill('bad pw!');
  await label(page, 'Repeat password').fill('bad pw!');
  await next.click();
  await expect(error).toHaveText(/6 to 20 characters/);

  await label(page, 'Password').fill('short');
  await label(page, 'Repeat password').fill('short');
  await next.click();
  await expect(error).toHaveText(/6 to 20 characters/);

  await label(page, 'Password').fill('good_pw1');
  await label(page, 'Repeat password').fill('good_pw2');
  await next.click();
  await expect(error).toHaveText('Passwords not the same');

  // The field stops at 20 characters.
  await label(page, 'Password').fill('x'.repeat(25));
  await expect(label(page, 'Password')).toHaveValue('x'.repeat(20));

  await label(page, 'Password').fill('good_pw1');
  await label(page, 'Repeat password').fill('good_pw1');
  await label(page, /I accept the terms/).uncheck();
  await expect(next).toBeDisabled();
  await label(page, /I accept the terms/).check();
  await next.click();

  // Step 2: the serial id is a known prefix plus exactly two digits.
  const send = page.getByRole('button', { name: 'Send register' });
  await send.click();
  await expect(error).toHaveText(`${FIELDS} Serial id`);
  // A filled but wrong one is told what a valid one looks like, not that it is missing.
  const wrongSerial = /The serial id is a known prefix followed by two digits, for example/;
  await label(page, 'Serial id').fill('9901');
  await send.click();
  await expect(error).toHaveText(wrongSerial);
  await label(page, 'Serial id').fill('01a1');
  await send.click();
  await expect(error).toHaveText(wrongSerial);
  await expect(label(page, 'Serial id')).toHaveAttribute('maxlength', '4');

  // Going back to step 1 resets the terms.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(label(page, /I accept the terms/)).not.toBeChecked();
});

test('an address already registered answers "User already registered"', async ({ page }) => {
  await page.goto('/login/register');
  await label(page, 'E-mail').fill(DEMO_EMAIL);
  await label(page, 'Password').fill('whatever1');
  await label(page, 'Repeat password').fill('whatever1');
  await label(page, /I accept the terms/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await label(page, 'Serial id').fill('0101');
  await page.getByRole('button', { name: 'Send register' }).click();
  // A toast (spec 1 §8), announced as an alert; the form stays as it was.
  await expect(shown(page, 'error-toast')).toContainText('User already registered');
  await expect(shown(page, 'error-toast')).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('form-error')).toHaveCount(0);
});

test('forgot password and the sign-in refuse empty and malformed input', async ({ page }) => {
  await page.goto('/login/forgot-password');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(shown(page, 'form-error')).toHaveText(`${FIELDS} E-mail`);
  await label(page, 'E-mail').fill('nobody.example.com');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(shown(page, 'form-error')).toHaveText('Invalid email');

  // Login: nothing happens while a field is empty.
  await page.goto('/login');
  await label(page, 'E-mail').fill(DEMO_EMAIL);
  await page.getByRole('button', { name: 'Enter' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('account forms show their validation messages', async ({ page }) => {
  await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
  await page.goto('/account');
  const error = shown(page, 'form-error');
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(error).toHaveText(`${FIELDS} New e-mail, Password`);
  await label(page, 'New e-mail').fill('not-an-address');
  await label(page, 'Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(error).toHaveText('Invalid email');

  await shown(page, 'account-tab-password').click();
  const save = page.getByRole('button', { name: 'Change password' });
  await save.click();
  await expect(error).toHaveText(`${FIELDS} Current password, New password, Repeat new password`);
  await label(page, 'Current password').fill(DEMO_PASSWORD);
  await label(page, 'New password').fill('no-dashes');
  await label(page, 'Repeat new password').fill('no-dashes');
  await save.click();
  await expect(error).toHaveText(/6 to 20 characters/);
  await label(page, 'New password').fill('fine_pw1');
  await label(page, 'Repeat new password').fill('fine_pw2');
  await save.click();
  await expect(error).toHaveText('Passwords not the same');

  // The server refuses a wrong current password: that is a toast (spec 1 §8), announced.
  await label(page, 'Current password').fill('not_the_pw1');
  await label(page, 'Repeat new password').fill('fine_pw1');
  await save.click();
  const toast = shown(page, 'error-toast');
  await expect(toast).toContainText('The password could not be changed');
  await expect(toast).toHaveAttribute('role', 'alert');
  await expect(page.getByTestId('form-error')).toHaveCount(0);
});
