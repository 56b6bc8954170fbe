import { expect, test } from '@playwright/test';
import { freshEmail, label, mailedLink, shown } from './accounts-mail';

test('forgot password: the mailed link lets the user choose a new password', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = freshEmail('forgot');
  const created = await request.post('/api/v2/users', {
    data: { email, password: 'old_pw_1', serialid: '01.01', lang: 'en', frontend_host: baseURL },
  });
  expect(created.status()).toBe(201);
  const verify = new URL(await mailedLink(email, 'registration-confirm'));
  const verified = await request.post('/api/v2/users/verify', {
    data: { user: verify.searchParams.get('user'), code: verify.searchParams.get('code') },
  });
  expect(verified.status()).toBe(200);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // The screen's code loads on first use: wait for it before typing, or the keys reach sign-in.
  await expect(page.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible();
  await label(page, 'E-mail').fill(email);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(shown(page, 'form-success')).toContainText('you will receive an e-mail');

  const link = await mailedLink(email, 'password-reset-confirm');
  expect(link).not.toContain('old_pw_1');
  await page.goto(link);
  await label(page, 'New password').fill('new_pw_22');
  await label(page, 'Repeat password').fill('new_pw_2x');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(shown(page, 'form-error')).toHaveText('Passwords not the same');
  await label(page, 'Repeat password').fill('new_pw_22');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(shown(page, 'form-success')).toContainText('Your password has been changed');
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });

  await label(page, 'E-mail').fill(email);
  await label(page, 'Password').fill('new_pw_22');
  await label(page, 'Password').press('Enter');
  await expect(page).toHaveURL(/\/$/);
});
