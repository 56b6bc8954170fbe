import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { basic, login, tokenRequest } from '../test-support/http';
import { createHomeWithDevice, createUser, type TestHearth } from '../test-support/test-hearth';
import { send } from './accounts.test-helpers';
import {
  askCode as askCodeOf,
  ASSISTANT,
  codeOf,
  redeem,
  REDIRECT,
  SCOPE,
  startLinkingHearth,
} from './linking.test-helpers';

let t: TestHearth;
beforeAll(async () => {
  t = await startLinkingHearth();
});
afterAll(() => t.stop());

let token: string;
let userId: string;
beforeEach(async () => {
  await t.reset();
  const user = await createUser(t.repos, 'me@example.com', 'my_password');
  userId = user.id;
  token = (await login(t.url, user.email, user.password)).access_token;
});

const askCode = (overrides: Record<string, string> = {}) => askCodeOf(t.url, token, overrides);

describe('account linking', () => {
  it('redirects with a code that the authorization_code grant redeems once', async () => {
    const res = await askCode();
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('st4te');
    const code = location.searchParams.get('code') ?? '';
    expect(code.length).toBeGreaterThan(20);

    const wrongRedirect = await redeem(t.url, { code, redirect_uri: 'https://evil.example/cb' });
    expect(wrongRedirect.status).toBe(401);

    // The failed attempt used the code up: a leaked code works for nobody.
    const afterMisuse = await redeem(t.url, { code, redirect_uri: REDIRECT });
    expect(afterMisuse.status).toBe(401);
  });

  it('documents the 302 redirect and the error pages in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    expect(Object.keys(doc.paths['/client/code']?.get?.responses ?? {})).toEqual([
      '302',
      '400',
      '401',
      '403',
    ]);
  });

  it('issues tokens with the linked scope for the right redirect', async () => {
    const code = codeOf(await askCode());
    const res = await redeem(t.url, { code, redirect_uri: REDIRECT });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; refresh_token: string };
    expect(decodeJwt(body.access_token)).toMatchObject({ userId, scope: SCOPE });
    // The assistant refreshes with its own credentials.
    const refreshed = await tokenRequest(
      t.url,
      { grant_type: 'refresh_token', refresh_token: body.refresh_token },
      basic(ASSISTANT.id, ASSISTANT.secret),
    );
    expect(refreshed.status).toBe(200);
    const replay = await redeem(t.url, { code, redirect_uri: REDIRECT });
    expect(replay.status).toBe(401);
  });

  it('refuses a bad token, client, redirect or scope without issuing anything', async () => {
    expect((await askCode({ token: 'forged' })).status).toBe(401);
    expect((await askCode({ client_id: 'someone-else' })).status).toBe(400);
    expect((await askCode({ redirect_uri: 'javascript:alert(1)' })).status).toBe(400);
    expect((await askCode({ scope: 'user <script>' })).status).toBe(400);
    const missing = await fetch(`${t.url}/client/code?client_id=test-client`, {
      redirect: 'manual',
    });
    expect(missing.status).toBe(400);
  });

  it("refuses the deleted account's still unexpired token with 401, never a 5xx", async () => {
    await send(t.url, 'DELETE', `/api/v2/users/${userId}`, { password: 'my_password' }, token);
    const res = await askCode();
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('<code>unauthorized</code>');
  });

  it('gives the assistant read access on the user only: no account changes, no further codes (spec 1 "Device linking")', async () => {
    const code = codeOf(await askCode());
    const granted = await redeem(t.url, { code, redirect_uri: REDIRECT });
    const linked = ((await granted.json()) as { access_token: string }).access_token;
    const user = `/api/v2/users/${userId}`;

    expect((await send(t.url, 'GET', `${user}/privacy`, undefined, linked)).status).toBe(200);
    expect((await send(t.url, 'GET', `${user}/preferences`, undefined, linked)).status).toBe(200);
    const changes = [
      send(t.url, 'POST', `${user}/preferences`, { lang: 'de' }, linked),
      send(t.url, 'POST', `${user}/privacy`, { accepted: true }, linked),
      send(
        t.url,
        'POST',
        `${user}/password`,
        {
          password: 'my_password',
          new_password: 'taken_over',
        },
        linked,
      ),
      send(t.url, 'DELETE', user, { password: 'my_password' }, linked),
    ];
    for (const res of await Promise.all(changes)) expect(res.status).toBe(403);
    expect((await login(t.url, 'me@example.com', 'my_password')).access_token).toBeTruthy();
    // The app's own session still changes the account.
    expect((await send(t.url, 'POST', `${user}/preferences`, { lang: 'de' }, token)).status).toBe(
      200,
    );

    const wider = await askCode({ token: linked, scope: 'user' });
    expect(wider.status).toBe(403);
    expect(wider.headers.get('location')).toBeNull();
  });

  it('lets the assistant change only the home chosen when it was linked (spec 1 "Device linking")', async () => {
    const chosen = await createHomeWithDevice(t.repos, userId, undefined, 'Chosen');
    const other = await createHomeWithDevice(t.repos, userId, undefined, 'Other');
    const location = (
      await askCode({ scope: `user:read devs:write group:${chosen.homeId}:write` })
    ).headers.get('location');
    const code = new URL(location ?? '').searchParams.get('code') ?? '';
    const granted = await redeem(t.url, { code, redirect_uri: REDIRECT });
    const linked = ((await granted.json()) as { access_token: string }).access_token;
    const rename = (homeId: string, name: string, as: string) =>
      send(t.url, 'POST', `/api/v2/groups/${homeId}/name`, { name }, as);

    expect((await rename(chosen.homeId, 'Renamed', linked)).status).toBe(200);
    const refused = await rename(other.homeId, 'Taken', linked);
    expect(refused.status).toBe(403);
    const quiet = { email: 'me@example.com', enabled: true, excluded_nodes: [] };
    const presence = `/api/notifications/v1/${other.homeId}/presence/config`;
    expect((await send(t.url, 'POST', presence, quiet, linked)).status).toBe(403);
    const invite = { groupid: other.homeId, email: 'guest@example.com' };
    const invited = await send(t.url, 'POST', `/api/v2/users/${userId}/invite`, invite, linked);
    expect(invited.status).toBe(403);
    // Nothing of the other home changed; reading it is still allowed.
    const homes = await t.repos.homes.findById(other.homeId);
    expect(homes?.name).toBe('Other');
    expect((await send(t.url, 'GET', presence, undefined, linked)).status).toBe(200);
    expect((await send(t.url, 'GET', presence, undefined, token)).status).toBe(200);
    // The app's own session changes any home of its user.
    expect((await rename(other.homeId, 'Renamed too', token)).status).toBe(200);
  });
});
