import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { label, shown } from './accounts-mail';
import { DEMO_EMAIL, DEMO_PASSWORD } from './fixtures';

const CLIENT = Buffer.from('hearth-app:hearth-dev-secret').toString('base64');

test('account linking: warning, home choice, redirect with a code the assistant redeems', async ({
  page,
  request,
  baseURL,
}) => {
  // The app's client is public: the assistant proves with PKCE (RFC 7636) that it asked.
  const verifier = randomBytes(32).toString('base64url');
  const redirect = `${baseURL}/health_check`;
  const query = new URLSearchParams({
    client_id: 'hearth-app',
    redirect_uri: redirect,
    state: 'st4te',
    response_type: 'code',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  await page.goto(`/oauth/login?${query.toString()}`);
  await expect(shown(page, 'linking-warning')).toBeVisible();
  await label(page, 'E-mail').fill(DEMO_EMAIL);
  await label(page, 'Password').fill(DEMO_PASSWORD);
  const enter = page.getByRole('button', { name: 'Enter' });
  await expect(enter).toBeDisabled();
  await label(page, 'I allow the assistant this access').check();
  await enter.click();
  await expect(page).toHaveURL(/\/deviceLinking\?.*state=st4te/);

  const radios = page.getByRole('radio');
  await expect(radios.first()).toBeChecked();
  await page.getByRole('button', { name: 'Link device' }).click();
  await page.waitForURL(/\/health_check\?/);
  const landed = new URL(page.url());
  expect(landed.searchParams.get('state')).toBe('st4te');
  const code = landed.searchParams.get('code') ?? '';
  expect(code).not.toBe('');

  const token = await request.post('/client/token', {
    headers: { Authorization: `Basic ${CLIENT}` },
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirect,
      code_verifier: verifier,
    },
  });
  expect(token.status()).toBe(200);
  const body = (await token.json()) as { access_token: string };
  const claims = JSON.parse(
    Buffer.from(body.access_token.split('.')[1] ?? '', 'base64url').toString(),
  );
  expect(claims.scope).toMatch(/^user:read devs:write group:.+:write$/);

  // A code works once.
  const replay = await request.post('/client/token', {
    headers: { Authorization: `Basic ${CLIENT}` },
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirect,
      code_verifier: verifier,
    },
  });
  expect(replay.status()).toBe(401);
});

test('account linking to an unregistered redirect: an error page on this server instead of the sign-in', async ({
  page,
  baseURL,
}) => {
  const query = new URLSearchParams({
    client_id: 'hearth-app',
    redirect_uri: 'https://evil.example/callback',
    state: 'st4te',
    code_challenge: createHash('sha256')
      .update(randomBytes(32).toString('base64url'))
      .digest('base64url'),
    code_challenge_method: 'S256',
  });
  // Checked as GET /client/code checks it, before anyone is asked to sign in.
  const answer = await page.goto(`/oauth/login?${query.toString()}`);
  expect(answer?.status()).toBe(400);
  await expect(
    page.getByRole('heading', { name: 'This assistant could not be linked' }),
  ).toBeVisible();
  await expect(label(page, 'E-mail')).toHaveCount(0);
  expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin);
});
