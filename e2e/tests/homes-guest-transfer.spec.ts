import { expect, test } from '@playwright/test';
import type { GroupedHome } from '@hearth/protocol';
import { freshEmail, label, mailedLink, shown } from './accounts-mail';
import { DEMO_EMAIL, DEMO_PASSWORD, signIn } from './fixtures';
import { field, freshDevId, tokenFor, visible } from './homes-fixtures';

test('an invited guest sees the home as guest and cannot reach owner-only screens', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const guest = freshEmail('guest');
  await signIn(page);
  const token = await tokenFor(request, DEMO_EMAIL, DEMO_PASSWORD);
  const homes = (await (
    await request.get('/api/v2/grouped_devs', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as GroupedHome[];
  const home = homes.find((h) => h.owner && h.devs.length > 0);
  if (!home) throw new Error('the demo account has no home with devices');

  await page.goto(`/list/homes/${home.id}/guests`);
  await field(page, 'Guest e-mail').fill(guest);
  await visible(page.getByText('Invite', { exact: true })).click();
  await expect(visible(page.getByText('Invitation sent'))).toBeVisible();
  await expect(visible(page.getByRole('list', { name: 'Guests of the home' }))).toContainText(
    guest,
  );

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
  await signIn(page, guest, 'guest_pw1');
  const privacy = shown(page, 'privacy-dialog');
  if (await privacy.isVisible().catch(() => false)) {
    await privacy.getByRole('checkbox').check();
    await privacy.getByRole('button', { name: 'Accept' }).click();
  }
  await expect(
    visible(page.getByRole('region', { name: `${home.name} (guest)`, exact: true })),
  ).toBeVisible();

  // Owner-only screens: the guests tab falls back to the home data, device settings are read-only.
  await page.goto(`/list/homes/${home.id}/guests`);
  await expect(page).toHaveURL(new RegExp(`/list/homes/${home.id}/data$`));
  const tabs = visible(page.getByRole('navigation', { name: 'Home options' }));
  await expect(tabs.getByRole('link')).toHaveText(['Home data', 'Geolocation']);
  await page.goto(`/list/homes/${home.id}/devices/${home.devs[0]?.dev_id}/settings`);
  await expect(field(page, 'Device name')).toHaveAttribute('readonly', '');
  await expect(page.getByText('Delete device')).toHaveCount(0);

  // Ruling D21: the home's settings offer the guest no at home / away, and the server refuses
  // the guest's away write, the home staying as it was.
  await page.goto(`/homes/${home.id}/config`);
  await expect(
    visible(page.getByText("Only the home's owner can change these settings.")),
  ).toBeVisible();
  await expect(page.getByLabel('Notification e-mail')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Away' })).toHaveCount(0);
  const devId = home.devs[0]?.dev_id ?? '';
  const guestToken = await tokenFor(request, guest, 'guest_pw1');
  const awayPath = `/api/v2/devs/${devId}/mgr/away_status`;
  const before = await (
    await request.get(awayPath, { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  const refused = await request.post(awayPath, {
    headers: { Authorization: `Bearer ${guestToken}` },
    data: { away: true },
  });
  expect(refused.status()).toBe(403);
  expect(
    await (await request.get(awayPath, { headers: { Authorization: `Bearer ${token}` } })).json(),
  ).toEqual(before);
});

test('transfer a device to another home, then delete it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await tokenFor(request, DEMO_EMAIL, DEMO_PASSWORD);
  const auth = { Authorization: `Bearer ${token}` };
  const devId = freshDevId();
  const add = (dev: string, homeName: string) =>
    request.post('/api/v2/devs', {
      headers: auth,
      data: {
        country: 'ES',
        state: 'Madrid',
        city: 'Madrid',
        zip: '28001',
        tz_code: 'Europe/Madrid',
        groupData: { name: homeName, id: `${dev}`.padEnd(32, 'a') },
        dev_id: dev,
        serial_id: '01',
        name: `Box ${dev.slice(-4)}`,
        product_id: '0105',
      },
    });
  const other = freshDevId();
  expect((await add(devId, `From ${devId.slice(-4)}`)).status()).toBeLessThan(300);
  expect((await add(other, `To ${other.slice(-4)}`)).status()).toBeLessThan(300);
  const list = async () =>
    (await (await request.get('/api/v2/grouped_devs', { headers: auth })).json()) as GroupedHome[];
  const from = (await list()).find((h) => h.devs.some((d) => d.dev_id === devId));
  if (!from) throw new Error('the new home is missing');

  await signIn(page);
  await page.goto(`/list/homes/${from.id}/devices/${devId}/settings`);
  await field(page, 'Move to another home').selectOption({ label: `To ${other.slice(-4)}` });
  await visible(page.getByText('Transfer', { exact: true })).click();
  await visible(page.getByRole('alertdialog').getByText('Confirm')).click();
  await expect(visible(page.getByText('Device transferred'))).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const to = (await list()).find((h) => h.devs.some((d) => d.dev_id === devId));
  expect(to?.name).toBe(`To ${other.slice(-4)}`);

  await page.goto(`/list/homes/${to?.id}/devices/${devId}/settings`);
  await visible(page.getByText('Delete device')).click();
  await visible(page.getByRole('alertdialog').getByText('Confirm')).click();
  await expect(visible(page.getByText('Device deleted'))).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await list()).some((h) => h.devs.some((d) => d.dev_id === devId))).toBe(false);
});
