import { expect, test } from '@playwright/test';
import { shown } from './accounts-mail';
import { apiToken, DEMO_EMAIL, DEMO_PASSWORD, signIn } from './fixtures';

test('the language picker switches the app and stores the preference', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
  await page.goto('/list');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const picker = shown(page, 'language-picker');
  // The list comes from the server, in each language's own name.
  await expect(picker.locator('option')).toHaveText([
    'English',
    'Español',
    'Català',
    'Deutsch',
    'Русский',
    'Français',
    'Italiano',
    'Português',
  ]);
  await picker.selectOption('es');
  await expect(shown(page, 'menu-privacy')).toContainText('Privacidad');
  await page.goto('/about');
  await expect(page.getByText('Versión del servidor')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Versión del servidor')).toBeVisible();

  const token = await apiToken(request);
  const userId = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
    .userId as string;
  const prefs = await request.get(`/api/v2/users/${userId}/preferences`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await prefs.json()).toEqual({ lang: 'es' });

  // Back to English for the other journeys of the demo account.
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await request.post(`/api/v2/users/${userId}/preferences`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { lang: 'en' },
  });
});

test('about shows the app version, the API endpoint and the server version', async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
  await page.goto('/about');
  await expect(shown(page, 'about-frontend')).toHaveText('1.41.0-6');
  await expect(shown(page, 'about-api')).toHaveText(baseURL ?? '');
  await expect(shown(page, 'about-server')).toHaveText(/^\d+\.\d+\.\d+ \(\w{1,4}\)$/);
});
