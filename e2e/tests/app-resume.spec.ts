import { expect, test } from '@playwright/test';
import { apiToken, homeChoice, signIn } from './fixtures';

// Spec 1 §4: when the app comes back to the foreground (a visible page again, on the web), the
// home and device lists are read again, so a home renamed elsewhere shows its new name.
test('coming back to the app re-reads the homes and shows a name changed elsewhere', async ({
  page,
  request,
}) => {
  await signIn(page);
  await expect(homeChoice(page, 'Flat')).toBeAttached();

  const token = await apiToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  const homes = (await (await request.get('/api/v2/grouped_devs', { headers: auth })).json()) as {
    id: string;
    name: string;
  }[];
  const flat = homes.find((h) => h.name === 'Flat');
  expect(flat).toBeTruthy();
  const rename = (name: string) =>
    request.post(`/api/v2/groups/${flat?.id}/name`, { headers: auth, data: { name } });

  try {
    expect((await rename('Flat by the sea')).ok()).toBe(true);
    // Nothing re-reads the list while the app stays in the foreground.
    await expect(homeChoice(page, 'Flat')).toBeAttached();

    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(homeChoice(page, 'Flat by the sea')).toBeAttached();
    await expect(homeChoice(page, 'Flat')).not.toBeAttached();
  } finally {
    await rename('Flat');
  }
});
