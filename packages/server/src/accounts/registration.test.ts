import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { login, tokenRequest } from '../test-support/http';
import {
  confirmationOf,
  FRONTEND,
  registration,
  send,
  startAccountsTestbed,
  type AccountsTestbed,
} from './accounts.test-helpers';

let bed: AccountsTestbed;
beforeAll(async () => {
  bed = await startAccountsTestbed();
});
afterAll(() => bed.stop());
beforeEach(() => bed.t.reset());

const signIn = (email: string, password: string) =>
  tokenRequest(bed.t.url, { grant_type: 'password', username: email, password });

describe('registration', () => {
  it('mails a link whose code confirms the account, which then signs in', async () => {
    const res = await send(bed.t.url, 'POST', '/api/v2/users', registration('Eva@Example.com'));
    expect(res.status).toBe(201);
    const mail = await bed.sink.next('eva@example.com');
    // Written in the language the user registered with.
    expect(mail.raw).toContain('Subject: Confirma tu cuenta de Hearth');
    const link = confirmationOf(mail);
    expect(link.path).toBe('/registration-confirm/01.01');
    expect(link.link.startsWith(`${FRONTEND}/registration-confirm/01.01?user=`)).toBe(true);

    // Not usable before the link is followed.
    expect((await signIn('eva@example.com', 'secret_1')).status).toBe(401);

    const verified = await send(bed.t.url, 'POST', '/api/v2/users/verify', {
      user: link.user,
      code: link.code,
    });
    expect(verified.status).toBe(200);
    const tokens = await login(bed.t.url, 'eva@example.com', 'secret_1');
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      userId: link.user,
      serialId: '01.01',
      email: 'eva@example.com',
    });
    const prefs = await send(
      bed.t.url,
      'GET',
      `/api/v2/users/${link.user}/preferences`,
      undefined,
      tokens.access_token,
    );
    expect(prefs.body).toEqual({ lang: 'es' });

    // The code is single-use.
    const again = await send(bed.t.url, 'POST', '/api/v2/users/verify', {
      user: link.user,
      code: link.code,
    });
    expect(again).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });

  it('answers 409 already_registered for a known address and stores nothing new', async () => {
    await send(bed.t.url, 'POST', '/api/v2/users', registration('ana@example.com'));
    await bed.sink.next('ana@example.com');
    const twice = await send(
      bed.t.url,
      'POST',
      '/api/v2/users',
      registration('ANA@example.com', 'other_pw'),
    );
    expect(twice).toMatchObject({
      status: 409,
      body: { error: 'already_registered', statusCode: 409 },
    });
    expect(bed.sink.mails).toHaveLength(0);
  });

  it('refuses bad input with 400 and creates no user', async () => {
    const bad = [
      { ...registration('no-at-sign'), email: 'no-at-sign' },
      registration('a@example.com', 'short'),
      registration('a@example.com', 'has space!'),
      registration('a@example.com', 'x'.repeat(21)),
      { ...registration('a@example.com'), serialid: 'bad serial' },
      { ...registration('a@example.com'), lang: 'xx' },
      { ...registration('a@example.com'), frontend_host: 'javascript:alert(1)' },
      { email: 'a@example.com' },
    ];
    for (const body of bad) {
      const res = await send(bed.t.url, 'POST', '/api/v2/users', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: 'validation_failed' });
    }
    expect(await bed.t.repos.users.findByEmail('a@example.com')).toBeUndefined();
    expect(bed.sink.mails).toHaveLength(0);
  });

  it('refuses a wrong code for the right user', async () => {
    await send(bed.t.url, 'POST', '/api/v2/users', registration('bo@example.com'));
    const link = confirmationOf(await bed.sink.next('bo@example.com'));
    const res = await send(bed.t.url, 'POST', '/api/v2/users/verify', {
      user: link.user,
      code: `${link.code}x`,
    });
    expect(res.status).toBe(404);
    expect((await bed.t.repos.users.findById(link.user))?.verified).toBe(false);
  });

  it('answers 404 for a bad user, whatever its form, as for a bad code (docs/wire-contract.md §4)', async () => {
    await send(bed.t.url, 'POST', '/api/v2/users', registration('di@example.com'));
    const link = confirmationOf(await bed.sink.next('di@example.com'));
    for (const user of ['nobody', '64b7f0c2e4b0a1b2c3d4e5f6']) {
      const res = await send(bed.t.url, 'POST', '/api/v2/users/verify', { user, code: 'nope' });
      expect({ user, status: res.status, body: res.body }).toEqual({
        user,
        status: 404,
        body: expect.objectContaining({ error: 'not_found' }) as unknown,
      });
    }
    expect((await bed.t.repos.users.findById(link.user))?.verified).toBe(false);
    // A missing user is still a validation error.
    const res = await send(bed.t.url, 'POST', '/api/v2/users/verify', { code: link.code });
    expect(res.status).toBe(400);
  });
});

describe('an account not confirmed yet (ruling D14)', () => {
  it('is told so at sign-in, not "wrong password", and can have the link sent again', async () => {
    await send(bed.t.url, 'POST', '/api/v2/users', registration('dee@example.com'));
    const first = confirmationOf(await bed.sink.next('dee@example.com'));
    const refused = await signIn('dee@example.com', 'secret_1');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'email_not_confirmed' });
    // A wrong password still says nothing of the account's state.
    expect(await (await signIn('dee@example.com', 'wrong_pw')).json()).toMatchObject({
      error: 'invalid_grant',
    });

    const resend = { email: 'dee@example.com', serialid: '01.01', frontend_host: FRONTEND };
    const unknown = await send(bed.t.url, 'POST', '/api/v2/users/verify/resend', {
      ...resend,
      email: 'nobody@example.com',
    });
    const known = await send(bed.t.url, 'POST', '/api/v2/users/verify/resend', resend);
    // The same answer whether or not the address exists.
    expect(known).toEqual(unknown);
    expect(known.status).toBe(200);
    const again = confirmationOf(await bed.sink.next('dee@example.com'));
    expect(again.path).toBe('/registration-confirm/01.01');
    expect(again.user).toBe(first.user);
    expect(
      (
        await send(bed.t.url, 'POST', '/api/v2/users/verify', {
          user: again.user,
          code: again.code,
        })
      ).status,
    ).toBe(200);
    expect((await signIn('dee@example.com', 'secret_1')).status).toBe(200);

    // A confirmed account gets no more links.
    await send(bed.t.url, 'POST', '/api/v2/users/verify/resend', resend);
    expect(bed.sink.mails).toHaveLength(0);
    expect(
      (await send(bed.t.url, 'POST', '/api/v2/users/verify/resend', { email: 'x' })).status,
    ).toBe(400);
  });
});

describe('forgotten password', () => {
  it('mails a reset link; the user chooses the new password with it', async () => {
    await send(bed.t.url, 'POST', '/api/v2/users', registration('cy@example.com', 'first_pw'));
    const reg = confirmationOf(await bed.sink.next('cy@example.com'));
    await send(bed.t.url, 'POST', '/api/v2/users/verify', { user: reg.user, code: reg.code });

    const forgot = { email: 'cy@example.com', serialid: '01.01', frontend_host: FRONTEND };
    const unknown = { ...forgot, email: 'nobody@example.com' };
    const a = await send(bed.t.url, 'POST', '/api/v2/users/password/forgot', unknown);
    const b = await send(bed.t.url, 'POST', '/api/v2/users/password/forgot', forgot);
    // The same answer whether or not the address exists.
    expect(a).toEqual(b);
    expect(a.status).toBe(200);
    const mail = await bed.sink.next('cy@example.com');
    expect(mail.raw).not.toContain('first_pw');
    const link = confirmationOf(mail);
    expect(link.path).toBe('/password-reset-confirm/01.01');
    expect(bed.sink.mails).toHaveLength(0);

    const weak = await send(bed.t.url, 'POST', '/api/v2/users/password/reset', {
      user: link.user,
      code: link.code,
      password: 'no',
    });
    expect(weak.status).toBe(400);
    const reset = await send(bed.t.url, 'POST', '/api/v2/users/password/reset', {
      user: link.user,
      code: link.code,
      password: 'second_pw',
    });
    expect(reset.status).toBe(200);
    expect((await signIn('cy@example.com', 'first_pw')).status).toBe(401);
    expect((await signIn('cy@example.com', 'second_pw')).status).toBe(200);
    const replay = await send(bed.t.url, 'POST', '/api/v2/users/password/reset', {
      user: link.user,
      code: link.code,
      password: 'third_pw',
    });
    expect(replay.status).toBe(404);
  });
});

describe('languages', () => {
  it('lists the eight languages with their native names', async () => {
    const res = await send(bed.t.url, 'GET', '/api/v2/languages');
    const list = res.body.languages as Array<{ code: string; name: string }>;
    expect(list.map((l) => l.code)).toEqual(['en', 'es', 'ca', 'de', 'ru', 'fr', 'it', 'pt']);
    expect(list.find((l) => l.code === 'de')?.name).toBe('Deutsch');
  });
});
