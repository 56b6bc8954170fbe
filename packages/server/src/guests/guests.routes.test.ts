import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linksIn, startSmtpSink } from '../mail/smtp-sink';
import { call, homeWorld, statusByRole, type HomeWorld } from '../homes/homes.test-helpers';
import { getJson, login } from '../test-support/http';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';

let t: TestHearth;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestHearth({ env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://app.example.com' } });
});
afterAll(async () => {
  await t.stop();
  await sink.close();
});
beforeEach(async () => {
  await t.reset();
  sink.mails.splice(0);
});

const inviteUrl = (w: HomeWorld) => `${t.url}/api/v2/users/${w.ownerId}/invite`;
const guestsUrl = (w: HomeWorld) => `${t.url}/api/v2/groups/${w.homeId}/guest_users`;

/** Invites by the owner and returns the invitation id and code read from the e-mail's link. */
async function invite(w: HomeWorld, email: string) {
  const res = await call('POST', inviteUrl(w), w.owner, {
    email,
    groupid: w.homeId,
    confirmation_url: 'https://app.example.com/',
  });
  expect(res).toEqual({ status: 201, body: { email, pending: true } });
  const [link] = linksIn((await sink.next(email)).raw);
  const url = new URL(link ?? '');
  expect(`${url.origin}${url.pathname}`).toBe('https://app.example.com/invite-confirm/01.01');
  return { userid: url.searchParams.get('userid') ?? '', code: url.searchParams.get('code') ?? '' };
}

const confirm = (userid: string, body: unknown) =>
  call('POST', `${t.url}/api/v2/users/${userid}/invite_confirmation`, undefined, body);

describe('invite → accept', () => {
  it('creates the account of a new e-mail; the guest then sees the home as not owner and may not manage it', async () => {
    const w = await homeWorld(t);
    const { userid, code } = await invite(w, 'newcomer@example.com');
    expect((await getJson(guestsUrl(w), w.owner)).body).toEqual({
      guest_users: [
        { email: 'guest@example.com', pending: false },
        { email: 'newcomer@example.com', pending: true },
      ],
    });
    expect((await confirm(userid, { pass: 'new_pass1', code: `${code}x` })).status).toBe(404);
    expect((await confirm(userid, { pass: 'bad pass!', code })).status).toBe(400);
    expect(await t.repos.users.findByEmail('newcomer@example.com')).toBeUndefined();
    expect(await confirm(userid, { pass: 'new_pass1', code })).toEqual({
      status: 200,
      body: { email: 'newcomer@example.com' },
    });
    // The code works once.
    expect((await confirm(userid, { pass: 'new_pass1', code })).status).toBe(404);

    const token = (await login(t.url, 'newcomer@example.com', 'new_pass1')).access_token;
    const homes = (await getJson(`${t.url}/api/v2/grouped_devs`, token)).body;
    expect(homes).toEqual([
      {
        id: w.homeId,
        name: 'Home',
        owner: false,
        devs: [expect.objectContaining({ dev_id: w.devId })],
      },
    ]);
    expect((await getJson(`${t.url}/api/v2/devs`, token)).body).toMatchObject({
      devs: [],
      invited_to: [{ dev_id: w.devId }],
    });
    expect((await getJson(`${t.url}/api/v2/devs/${w.devId}/dev_data`, token)).status).toBe(200);
    expect((await call('DELETE', `${t.url}/api/v2/devs/${w.devId}`, token)).status).toBe(403);
    expect((await getJson(guestsUrl(w), token)).status).toBe(403);
    expect((await getJson(guestsUrl(w), w.owner)).body).toMatchObject({
      guest_users: [
        { email: 'guest@example.com' },
        { email: 'newcomer@example.com', pending: false },
      ],
    });
  });

  it('asks an existing account for its own password', async () => {
    const w = await homeWorld(t);
    const { userid, code } = await invite(w, 'stranger@example.com');
    expect((await confirm(userid, { pass: 'wrong_password', code })).status).toBe(400);
    expect((await getJson(`${t.url}/api/v2/grouped_devs`, w.stranger)).body).toEqual([]);
    expect((await confirm(userid, { pass: 'correct horse', code })).status).toBe(200);
    expect((await getJson(`${t.url}/api/v2/grouped_devs`, w.stranger)).body).toMatchObject([
      { id: w.homeId, owner: false },
    ]);
  });

  it('answers 404 for a malformed or unknown invitation id', async () => {
    expect((await confirm('nope', { pass: 'abc_123', code: 'x' })).status).toBe(404);
    expect(
      (await confirm('0f8fad5b-d9cb-469f-a165-70867728950e', { pass: 'abc_123', code: 'x' }))
        .status,
    ).toBe(404);
    expect((await confirm('nope', { code: 'x' })).status).toBe(400);
  });
});

describe('who may invite, list and revoke', () => {
  it('lists guests for the owner only', async () => {
    const w = await homeWorld(t);
    expect(await statusByRole(w, 'GET', guestsUrl(w))).toEqual({
      anonymous: 401,
      stranger: 404,
      guest: 403,
      owner: 200,
    });
  });

  it('lets only the owner invite, in their own name, and refuses bad input without storing or mailing', async () => {
    const w = await homeWorld(t);
    const body = { email: 'friend@example.com', groupid: w.homeId };
    expect((await call('POST', inviteUrl(w), undefined, body)).status).toBe(401);
    expect((await call('POST', inviteUrl(w), w.stranger, body)).status).toBe(403);
    expect(
      (await call('POST', `${t.url}/api/v2/users/${w.strangerId}/invite`, w.stranger, body)).status,
    ).toBe(404);
    const guestId = (await t.repos.users.findByEmail('guest@example.com'))?.id ?? '';
    expect(
      (await call('POST', `${t.url}/api/v2/users/${guestId}/invite`, w.guest, body)).status,
    ).toBe(403);
    const bad: unknown[] = [
      { ...body, email: 'no-at-sign' },
      { ...body, email: '' },
      { email: body.email },
      { ...body, confirmation_url: 'javascript:alert(1)' },
      { ...body, email: 'owner@example.com' },
    ];
    for (const b of bad)
      expect({ b, status: (await call('POST', inviteUrl(w), w.owner, b)).status }).toEqual({
        b,
        status: 400,
      });
    expect(
      (await call('POST', inviteUrl(w), w.owner, { ...body, groupid: 'not-a-home' })).status,
    ).toBe(404);
    expect((await getJson(guestsUrl(w), w.owner)).body).toEqual({
      guest_users: [{ email: 'guest@example.com', pending: false }],
    });
    expect(sink.mails).toEqual([]);
    expect(
      (await call('POST', inviteUrl(w), w.owner, { ...body, email: 'guest@example.com' })).body,
    ).toMatchObject({
      statusCode: 409,
      error: 'already_registered',
    });
  });

  it('revokes a guest, who then no longer sees the home; only the owner may revoke', async () => {
    const w = await homeWorld(t);
    const body = { groupid: w.homeId, email: 'guest@example.com' };
    expect((await call('DELETE', inviteUrl(w), undefined, body)).status).toBe(401);
    expect((await call('DELETE', inviteUrl(w), w.stranger, body)).status).toBe(403);
    const guestId = (await t.repos.users.findByEmail('guest@example.com'))?.id ?? '';
    expect(
      (await call('DELETE', `${t.url}/api/v2/users/${guestId}/invite`, w.guest, body)).status,
    ).toBe(403);
    expect((await call('DELETE', inviteUrl(w), w.owner, { groupid: w.homeId })).status).toBe(400);
    expect((await call('DELETE', inviteUrl(w), w.owner, body)).status).toBe(200);
    expect((await getJson(`${t.url}/api/v2/grouped_devs`, w.guest)).body).toEqual([]);
    expect((await getJson(`${t.url}/api/v2/devs/${w.devId}/dev_data`, w.guest)).status).toBe(404);
    expect((await call('DELETE', inviteUrl(w), w.owner, body)).status).toBe(404);
  });

  it('revokes a pending invitation so that its link no longer works', async () => {
    const w = await homeWorld(t);
    const { userid, code } = await invite(w, 'later@example.com');
    expect(
      (
        await call('DELETE', inviteUrl(w), w.owner, {
          groupid: w.homeId,
          email: 'later@example.com',
        })
      ).status,
    ).toBe(200);
    expect((await confirm(userid, { pass: 'new_pass1', code })).status).toBe(404);
    expect(await t.repos.users.findByEmail('later@example.com')).toBeUndefined();
  });
});
