import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { TokenResponse } from '@hearth/protocol';
import { basic, getJson, tokenRequest } from '../test-support/http';
import { createUser, useTestHearth, type TestHearth } from '../test-support/test-hearth';

let t: TestHearth;
useTestHearth((started) => (t = started));

async function seedUser() {
  return createUser(t.repos, 'ana@example.com', 'right password');
}

describe('POST /client/token', () => {
  it('issues a bearer token with the documented claims for the right password', async () => {
    const user = await seedUser();
    const res = await tokenRequest(t.url, {
      grant_type: 'password',
      username: 'ana@example.com',
      password: 'right password',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as TokenResponse;
    expect(body).toMatchObject({ expires_in: 14400, token_type: 'bearer' });
    expect(body.refresh_token).toEqual(expect.any(String));
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({
      userId: user.id,
      email: 'ana@example.com',
      serialId: '01.01',
      scope: 'user',
    });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000 + 14_000);
    // The token opens the API.
    expect((await getJson(`${t.url}/api/v2/devs`, body.access_token)).status).toBe(200);
  });

  it('serves the same grant on the /api/v2 alias', async () => {
    await seedUser();
    const res = await fetch(`${t.url}/api/v2/client/token`, {
      method: 'POST',
      headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=ana%40example.com&password=right+password',
    });
    expect(res.status).toBe(200);
  });

  it('answers 401 with the error body for a wrong password or unknown user', async () => {
    await seedUser();
    for (const form of [
      { grant_type: 'password', username: 'ana@example.com', password: 'wrong' },
      { grant_type: 'password', username: 'nobody@example.com', password: 'right password' },
    ]) {
      const res = await tokenRequest(t.url, form);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        message: 'Wrong e-mail or password',
        statusCode: 401,
        error: 'invalid_grant',
      });
    }
  });

  it('answers 401 invalid_client for a wrong or missing client', async () => {
    await seedUser();
    const form = {
      grant_type: 'password',
      username: 'ana@example.com',
      password: 'right password',
    };
    const wrong = await tokenRequest(t.url, form, basic('test-client', 'nope'));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ statusCode: 401, error: 'invalid_client' });
    const missing = await tokenRequest(t.url, form, '');
    expect(missing.status).toBe(401);
  });

  it('answers 400 for malformed bodies, without a stack trace', async () => {
    const forms: Array<Record<string, string>> = [
      { grant_type: 'password', username: 'x' },
      { grant_type: 'magic' },
      {},
    ];
    for (const form of forms) {
      const res = await tokenRequest(t.url, form);
      expect(res.status).toBe(400);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ statusCode: 400, error: 'validation_failed' });
      expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode']);
    }
  });

  it('rotates refresh tokens and revokes the family when a used one comes back', async () => {
    await seedUser();
    const first = (await (
      await tokenRequest(t.url, {
        grant_type: 'password',
        username: 'ana@example.com',
        password: 'right password',
      })
    ).json()) as TokenResponse;
    const second = await tokenRequest(t.url, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(second.status).toBe(200);
    const rotated = (await second.json()) as TokenResponse;
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(rotated.access_token)).toMatchObject({ email: 'ana@example.com' });

    const replay = await tokenRequest(t.url, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    // The replay ended the whole sign-in: the newest token of the family is dead too.
    const afterReplay = await tokenRequest(t.url, {
      grant_type: 'refresh_token',
      refresh_token: rotated.refresh_token,
    });
    expect(afterReplay.status).toBe(401);
  });

  it('refuses an unknown refresh token', async () => {
    const res = await tokenRequest(t.url, {
      grant_type: 'refresh_token',
      refresh_token: 'made-up',
    });
    expect(res.status).toBe(401);
  });
});

describe('service endpoints', () => {
  it('answers health and version without a token', async () => {
    expect(await getJson(`${t.url}/health_check`)).toEqual({
      status: 200,
      body: { message: 'ok' },
    });
    const version = await getJson(`${t.url}/version`);
    expect(version.body).toEqual({
      major: expect.any(String),
      minor: expect.any(String),
      subminor: expect.any(String),
      commit: expect.any(String),
    });
  });

  it('publishes an OpenAPI document listing the token and device paths', async () => {
    const { body } = await getJson(`${t.url}/api/openapi.json`);
    const paths = Object.keys((body as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/client/token',
        '/api/v2/grouped_devs',
        '/api/v2/devs/{dev}/{type}/{addr}/status',
      ]),
    );
  });
});
