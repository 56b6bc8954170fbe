import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { accountCodes } from '../db/schema';
import { basic, getJson, login, tokenRequest } from '../test-support/http';
import { createUser, TEST_CLIENT, type TestHearth } from '../test-support/test-hearth';
import {
  askCode as askCodeOf,
  ASSISTANT,
  codeOf,
  OTHER_ASSISTANT,
  OTHER_ASSISTANT_REDIRECT,
  OTHER_REDIRECT,
  pkce,
  PUBLIC_ASSISTANT,
  redeem,
  REDIRECT,
  SCOPE,
  startLinkingHearth,
  storedCodes,
} from './linking.test-helpers';

let t: TestHearth;
beforeAll(async () => {
  t = await startLinkingHearth();
});
afterAll(() => t.stop());

let token: string;
beforeEach(async () => {
  await t.reset();
  const user = await createUser(t.repos, 'me@example.com', 'my_password');
  token = (await login(t.url, user.email, user.password)).access_token;
});

const askCode = (overrides: Record<string, string> = {}) => askCodeOf(t.url, token, overrides);

/** An error page: no redirect anywhere, and no code stored. */
async function expectErrorPage(res: Response, status: number, error: string): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get('location')).toBeNull();
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const page = await res.text();
  expect(page).toContain('This assistant could not be linked');
  expect(page).toContain(`<code>${error}</code>`);
  expect(page).not.toContain('evil.example');
  expect(await storedCodes(t)).toBe(0);
}

describe('GET /client/code refuses what the client did not register (RFC 6749 §4.1.2.1)', () => {
  it('shows an error page and issues no code for a redirect_uri the client did not register', async () => {
    for (const redirect of [
      'https://evil.example/link/callback',
      `${REDIRECT}/more`,
      `${REDIRECT}?next=https://evil.example`,
      `${REDIRECT}#fragment`,
      REDIRECT.replace('https:', 'http:'),
      'https://assistant.example.evil.example/link/callback',
      // Registered, but for another client.
      OTHER_ASSISTANT_REDIRECT,
      'javascript:alert(1)',
    ]) {
      await expectErrorPage(await askCode({ redirect_uri: redirect }), 400, 'invalid_request');
    }
  });

  it('shows an error page for an unknown client', async () => {
    await expectErrorPage(await askCode({ client_id: 'someone-else' }), 400, 'invalid_client');
  });

  it('shows an error page and issues no code for a scope the client may not have', async () => {
    for (const scope of [
      'user',
      'user:write',
      `${SCOPE} user`,
      'user:read devs:write group:abc:write admin',
      'user:read  devs:write',
      'group:a:b:write',
    ]) {
      await expectErrorPage(await askCode({ scope }), 400, 'invalid_scope');
    }
  });

  it('shows the page in the language the browser asks for', async () => {
    const res = await fetch(
      `${t.url}/client/code?client_id=someone-else&redirect_uri=https://evil.example/&scope=x&token=y`,
      { redirect: 'manual', headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' } },
    );
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('<h1>Impossible d&#39;associer cet assistant</h1>');
  });

  it('refuses text too long for any request without a 5xx or a redirect', async () => {
    // Refused before the route runs, with the JSON error body (found by the endpoint fuzzing).
    const res = await askCode({ scope: '_'.repeat(2500) });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await storedCodes(t)).toBe(0);
  });

  it('answers a malformed query with the error page too', async () => {
    const res = await fetch(`${t.url}/client/code?client_id=${ASSISTANT.id}`, {
      redirect: 'manual',
    });
    await expectErrorPage(res, 400, 'invalid_request');
  });
});

describe('an authorization code is bound to its client and redirect URI and used once', () => {
  it('refuses a second redemption and ends what the first one started', async () => {
    const code = codeOf(await askCode());
    const first = await redeem(t.url, { code });
    expect(first.status).toBe(200);
    const issued = (await first.json()) as { access_token: string; refresh_token: string };
    expect((await getJson(`${t.url}/api/v2/devs`, issued.access_token)).status).toBe(200);

    const replay = await redeem(t.url, { code });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    // The intercepted code's first use is not trusted either.
    const refresh = await tokenRequest(
      t.url,
      { grant_type: 'refresh_token', refresh_token: issued.refresh_token },
      basic(ASSISTANT.id, ASSISTANT.secret),
    );
    expect(refresh.status).toBe(401);
    expect((await getJson(`${t.url}/api/v2/devs`, issued.access_token)).status).toBe(401);
  });

  it("refuses another client's redemption, and the code is used up for its own client", async () => {
    const code = codeOf(await askCode());
    const stolen = await redeem(
      t.url,
      { code, redirect_uri: REDIRECT },
      basic(OTHER_ASSISTANT.id, OTHER_ASSISTANT.secret),
    );
    expect(stolen.status).toBe(401);
    expect(await stolen.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await redeem(t.url, { code })).status).toBe(401);
  });

  it('refuses the app client redeeming an assistant code with the bundled credentials', async () => {
    const code = codeOf(await askCode());
    const res = await redeem(t.url, { code }, basic(TEST_CLIENT.id, TEST_CLIENT.secret));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses another redirect URI, even one the same client registered', async () => {
    const code = codeOf(await askCode());
    const res = await redeem(t.url, { code, redirect_uri: OTHER_REDIRECT });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses an expired code', async () => {
    const code = codeOf(await askCode());
    await t.hearth.db.update(accountCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await redeem(t.url, { code })).status).toBe(401);
  });

  it('refuses a wrong client secret, in the header or in the body', async () => {
    const code = codeOf(await askCode());
    const wrong = await redeem(t.url, { code }, basic(ASSISTANT.id, 'not-the-secret-0123456'));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    const inBody = await redeem(
      t.url,
      { code, client_id: ASSISTANT.id, client_secret: 'not-the-secret-0123456' },
      '',
    );
    expect(inBody.status).toBe(401);
    // A confidential client cannot drop its secret and pass as public.
    const noSecret = await redeem(t.url, { code, client_id: ASSISTANT.id }, '');
    expect(noSecret.status).toBe(401);
    expect(await noSecret.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('accepts the secret in the body (client_secret_post) as well as by HTTP Basic', async () => {
    const code = codeOf(await askCode());
    const res = await redeem(
      t.url,
      { code, client_id: ASSISTANT.id, client_secret: ASSISTANT.secret },
      '',
    );
    expect(res.status).toBe(200);
  });

  it('lets only the app use the password grant', async () => {
    await createUser(t.repos, 'other@example.com', 'their_password');
    const res = await tokenRequest(
      t.url,
      { grant_type: 'password', username: 'other@example.com', password: 'their_password' },
      basic(ASSISTANT.id, ASSISTANT.secret),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'unauthorized_client' });
  });
});

describe('PKCE for public clients (RFC 7636)', () => {
  const publicCode = (overrides: Record<string, string> = {}) =>
    askCode({
      client_id: PUBLIC_ASSISTANT.id,
      redirect_uri: PUBLIC_ASSISTANT.redirect,
      ...overrides,
    });
  const publicRedeem = (form: Record<string, string>) =>
    redeem(
      t.url,
      { client_id: PUBLIC_ASSISTANT.id, redirect_uri: PUBLIC_ASSISTANT.redirect, ...form },
      '',
    );

  it('refuses a public client without a challenge, or with the plain method', async () => {
    await expectErrorPage(await publicCode(), 400, 'invalid_request');
    const { verifier } = pkce();
    await expectErrorPage(
      await publicCode({ code_challenge: verifier, code_challenge_method: 'plain' }),
      400,
      'invalid_request',
    );
    await expectErrorPage(
      await publicCode({ code_challenge: 'short', code_challenge_method: 'S256' }),
      400,
      'invalid_request',
    );
  });

  it("refuses the app's own client without a challenge: it is public too", async () => {
    const res = await askCode({
      client_id: TEST_CLIENT.id,
      redirect_uri: 'http://127.0.0.1:9/cb',
    });
    await expectErrorPage(res, 400, 'invalid_request');
  });

  it('refuses a missing or wrong verifier', async () => {
    const { challenge } = pkce();
    const missing = codeOf(
      await publicCode({ code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    expect((await publicRedeem({ code: missing })).status).toBe(401);
    const wrong = codeOf(
      await publicCode({ code_challenge: challenge, code_challenge_method: 'S256' }),
    );
    const res = await publicRedeem({ code: wrong, code_verifier: pkce().verifier });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a verifier for a code issued without a challenge (downgrade)', async () => {
    const code = codeOf(await askCode());
    expect((await redeem(t.url, { code, code_verifier: pkce().verifier })).status).toBe(401);
  });

  it('links a public client end to end with the right verifier', async () => {
    const { verifier, challenge } = pkce();
    const res = await publicCode({ code_challenge: challenge, code_challenge_method: 'S256' });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(PUBLIC_ASSISTANT.redirect);
    const granted = await publicRedeem({ code: codeOf(res), code_verifier: verifier });
    expect(granted.status).toBe(200);
    const body = (await granted.json()) as { access_token: string; refresh_token: string };
    expect(decodeJwt(body.access_token)).toMatchObject({ scope: SCOPE });
    // A public client refreshes by its id alone.
    const refreshed = await tokenRequest(
      t.url,
      {
        grant_type: 'refresh_token',
        refresh_token: body.refresh_token,
        client_id: PUBLIC_ASSISTANT.id,
      },
      '',
    );
    expect(refreshed.status).toBe(200);
  });

  it("links the app's own client with PKCE and its bundled credentials on a loopback redirect", async () => {
    const { verifier, challenge } = pkce();
    const redirect = 'http://127.0.0.1:8123/link';
    const res = await askCode({
      client_id: TEST_CLIENT.id,
      redirect_uri: redirect,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    expect(res.status).toBe(302);
    const granted = await redeem(
      t.url,
      { code: codeOf(res), redirect_uri: redirect, code_verifier: verifier },
      basic(TEST_CLIENT.id, TEST_CLIENT.secret),
    );
    expect(granted.status).toBe(200);
  });
});
