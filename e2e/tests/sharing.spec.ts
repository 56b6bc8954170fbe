import { expect, test } from '@playwright/test';
import { freshEmail, label, mailedLink, shown } from './accounts-mail';
import { signIn } from './fixtures';
import { api, demoNode } from './heating-fixtures';
import { field, visible } from './homes-fixtures';

// Issue 30: the owner shares one room with a guest, bounded to 18–22 °C and without boost; the
// guest sees only that room and can set no more than the scope allows; the owner reads the
// guest's change in the home's activity log.
test('an owner shares one room with bounds; the guest sees only it; the owner reads the change', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const client = await api(request);
  const living = await demoNode(client, 'Home', 'Living room');
  await client.post(`/api/v2/devs/${living.devId}/${living.type}/${living.addr}/status`, {
    mode: 'manual',
    stemp: '20.0',
    units: 'C',
  });
  const guest = freshEmail('share');

  await signIn(page);
  await page.goto(`/list/homes/${living.homeId}/guests`);
  const invite = visible(page.getByRole('form', { name: 'Invite someone' }));
  await field(page, 'Guest e-mail').fill(guest);
  await expect(invite.getByRole('radio', { name: 'Guest' })).toBeChecked();
  await invite.getByRole('checkbox', { name: 'Every room' }).uncheck();
  await invite.getByRole('checkbox', { name: 'Living room' }).check();
  await invite.getByLabel('Lowest').fill('18');
  await invite.getByLabel('Highest').fill('22');
  await invite.getByRole('checkbox', { name: 'May start a boost' }).uncheck();
  await invite.getByText('Invite', { exact: true }).click();
  await expect(visible(page.getByText('Invitation sent'))).toBeVisible();
  const rights = visible(page.getByRole('list', { name: `Rights of ${guest}` }));
  await expect(rights).toContainText('Rooms: Living room');
  await expect(rights).toContainText('Set point from 18\u00a0°C to 22\u00a0°C');
  await expect(rights).toContainText('No boost');

  // The guest accepts on the mailed link and signs in.
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await page.goto(await mailedLink(guest, 'invite-confirm'));
  await label(page, 'New password').fill('guest_pw1');
  await label(page, 'Repeat password').fill('guest_pw1');
  await label(page, /I accept the terms/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(shown(page, 'form-success')).toContainText('Invitation accepted');
  // A new account meets the privacy policy whenever it shows up over the screen.
  const privacy = shown(page, 'privacy-dialog');
  await page.addLocatorHandler(privacy, async () => {
    await privacy.getByRole('checkbox').check();
    await privacy.getByRole('button', { name: 'Accept' }).click();
  });
  await signIn(page, guest, 'guest_pw1');

  // Only the shared room is on the dashboard.
  const home = visible(page.getByRole('region', { name: 'Home (guest)', exact: true }));
  await expect(home.getByRole('article', { name: 'Living room' })).toBeVisible();
  await expect(home.getByRole('article', { name: 'Kitchen' })).toHaveCount(0);
  await expect(home.getByRole('article')).toHaveCount(1);

  // The detail bounds the set point to the scope and offers no boost.
  await home.getByRole('link', { name: /Living room/ }).click();
  const spin = page.getByRole('spinbutton', { name: 'Set temperature' });
  await expect(spin).toHaveAttribute('aria-valuemax', '22');
  await expect(spin).toHaveAttribute('aria-valuemin', '18');
  await expect(page.getByRole('button', { name: 'Boost' })).toHaveCount(0);
  await spin.focus();
  await page.keyboard.press('End');
  await expect(spin).toHaveAttribute('aria-valuenow', '22');
  await expect(spin).toHaveAttribute('data-pending', 'true');
  await expect(spin).not.toHaveAttribute('data-pending', 'true', { timeout: 20_000 });
  await expect(spin).toHaveAttribute('aria-valuenow', '22');

  // The guest reads their access on the home data; the activity log is not theirs to read.
  await page.goto(`/list/homes/${living.homeId}/data`);
  await expect(visible(page.getByTestId('my-access-role'))).toHaveText(
    'You are a guest: you may change the set point, mode and boost within these limits.',
  );
  await expect(page.getByRole('link', { name: 'Activity of this home' })).toHaveCount(0);

  // The owner reads the guest's change in the home's activity log, newest first.
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await signIn(page);
  await page.goto(`/list/homes/${living.homeId}/data`);
  await visible(page.getByRole('link', { name: 'Activity of this home' })).click();
  await expect(page).toHaveURL(new RegExp(`/homes/${living.homeId}/activity$`));
  const first = visible(page.getByRole('list', { name: 'Changes' }))
    .getByTestId('activity-entry')
    .first();
  await expect(first).toContainText(guest);
  await expect(first).toContainText('Living room · Set point or mode: set point 22.0\u00a0°C');
  await expect(first).toContainText('From: App');
});
