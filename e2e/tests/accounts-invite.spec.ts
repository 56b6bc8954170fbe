import { expect, test } from '@playwright/test';
import { freshEmail, label, mailedLink, shown } from './accounts-mail';
import { apiToken } from './fixtures';

test('an invited guest chooses a password on the invite link and signs in', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const token = await apiToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  const userId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
    .userId as string;
  const homes = (await (
    await request.get('/api/v2/grouped_devs', { headers: auth })
  ).json()) as Array<{ id: string }>;
  const guest = freshEmail('guest');
  const invited = await request.post(`/api/v2/users/${userId}/invite`, {
    headers: auth,
    data: { email: guest, groupid: homes[0]?.id, confirmation_url: baseURL },
  });
  expect(invited.status()).toBe(201);

  await page.goto(await mailedLink(guest, 'invite-confirm'));
  const go = page.getByRole('button', { name: 'Continue' });
  await label(page, 'New password').fill('guest_pw1');
  await label(page, 'Repeat password').fill('guest_pw2');
  // The terms must be ticked before continuing.
  await expect(go).toBeDisabled();
  await label(page, /I accept the terms/).check();
  await go.click();
  // Unequal passwords are a toast (spec 1 §5), announced as an alert.
  await expect(shown(page, 'error-toast')).toContainText('Passwords not the same');
  await expect(shown(page, 'error-toast')).toHaveAttribute('role', 'alert');
  // A password outside the rule is refused here, and the link still works afterwards.
  await label(page, 'New password').fill('pw');
  await label(page, 'Repeat password').fill('pw');
  await go.click();
  await expect(shown(page, 'form-error')).toHaveText(
    'The password must have 6 to 20 characters: letters, digits or underscore',
  );
  await label(page, 'New password').fill('guest_pw1');
  await label(page, 'Repeat password').fill('guest_pw1');
  await go.click();
  await expect(shown(page, 'form-success')).toContainText('Invitation accepted');
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });

  await label(page, 'E-mail').fill(guest);
  await label(page, 'Password').fill('guest_pw1');
  await label(page, 'Password').press('Enter');
  await expect(page).toHaveURL(/\/$/);
});
