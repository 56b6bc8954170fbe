import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { login, tokenRequest } from '../test-support/http';
import { createUser } from '../test-support/test-hearth';
import {
  confirmationOf,
  FRONTEND,
  send,
  startAccountsTestbed,
  type AccountsTestbed,
} from './accounts.test-helpers';

let bed: AccountsTestbed;
beforeAll(async () => {
  bed = await startAccountsTestbed();
});
afterAll(() => bed.stop());

let me: { id: string; token: string };
let other: { id: string; token: string };
beforeEach(async () => {
  await bed.t.reset();
  const a = await createUser(bed.t.repos, 'me@example.com', 'my_password');
  const b = await createUser(bed.t.repos, 'other@example.com', 'their_password');
  me = { id: a.id, token: (await login(bed.t.url, a.email, a.password)).access_token };
  other = { id: b.id, token: (await login(bed.t.url, b.email, b.password)).access_token };
});

const signIn = (email: string, password: string) =>
  tokenRequest(bed.t.url, { grant_type: 'password', username: email, password });
const mine = (suffix: string) => `/api/v2/users/${me.id}${suffix}`;

describe('change e-mail', () => {
  it('mails the new address; following the link moves the sign-in there', async () => {
    const res = await send(
      bed.t.url,
      'POST',
      mine('/email'),
      {
        new_email: 'New@Example.com',
        password: 'my_password',
        serialid: '01.01',
        frontend_host: FRONTEND,
      },
      me.token,
    );
    expect(res.status).toBe(200);
    const link = confirmationOf(await bed.sink.next('new@example.com'));
    expect(link.path).toBe('/email-change-confirm/01.01');
    // Nothing changes until the link is followed.
    expect((await signIn('me@example.com', 'my_password')).status).toBe(200);
    const confirm = await send(bed.t.url, 'POST', '/api/v2/users/email/confirm', {
      user: link.user,
      code: link.code,
    });
    expect(confirm.status).toBe(200);
    expect((await signIn('new@example.com', 'my_password')).status).toBe(200);
    expect((await signIn('me@example.com', 'my_password')).status).toBe(401);
  });

  it('refuses a wrong password, a taken address and a malformed one, changing nothing', async () => {
    const base = { password: 'my_password', serialid: '01.01', frontend_host: FRONTEND };
    const cases: Array<[unknown, number]> = [
      [{ ...base, new_email: 'x@example.com', password: 'wrong_one' }, 400],
      [{ ...base, new_email: 'other@example.com' }, 409],
      [{ ...base, new_email: 'not-an-address' }, 400],
      [{ new_email: 'x@example.com' }, 400],
    ];
    for (const [body, status] of cases) {
      expect((await send(bed.t.url, 'POST', mine('/email'), body, me.token)).status).toBe(status);
    }
    expect(bed.sink.mails).toHaveLength(0);
    expect((await bed.t.repos.users.findById(me.id))?.email).toBe('me@example.com');
  });
});

describe('change password', () => {
  it('needs the current password and the password rule', async () => {
    const wrong = await send(
      bed.t.url,
      'POST',
      mine('/password'),
      { password: 'nope', new_password: 'fresh_pw' },
      me.token,
    );
    expect(wrong).toMatchObject({ status: 400, body: { error: 'validation_failed' } });
    const weak = await send(
      bed.t.url,
      'POST',
      mine('/password'),
      { password: 'my_password', new_password: 'bad pw!' },
      me.token,
    );
    expect(weak.status).toBe(400);
    expect((await signIn('me@example.com', 'my_password')).status).toBe(200);

    const ok = await send(
      bed.t.url,
      'POST',
      mine('/password'),
      { password: 'my_password', new_password: 'fresh_pw' },
      me.token,
    );
    expect(ok.status).toBe(200);
    expect((await signIn('me@example.com', 'fresh_pw')).status).toBe(200);
    expect((await signIn('me@example.com', 'my_password')).status).toBe(401);
  });

  it("refuses the deleted account's still unexpired token with 401, never a 5xx, storing nothing", async () => {
    await send(bed.t.url, 'DELETE', mine(''), { password: 'my_password' }, me.token);
    // Deleting the account ended its sessions, so their access tokens stop working at once.
    const calls: Array<['GET' | 'POST', string, unknown]> = [
      ['GET', '/privacy', undefined],
      ['POST', '/privacy', { accepted: true }],
      ['GET', '/preferences', undefined],
      ['POST', '/preferences', { lang: 'es' }],
    ];
    for (const [method, suffix, body] of calls) {
      const res = await send(bed.t.url, method, mine(suffix), body, me.token);
      expect(res, `${method} ${suffix}`).toMatchObject({
        status: 401,
        body: { statusCode: 401, error: 'unauthorized' },
      });
    }
    expect(await bed.t.repos.users.findById(me.id)).toBeUndefined();
  });
});

describe('privacy and preferences', () => {
  it('reads not accepted, then accepted with a date', async () => {
    expect((await send(bed.t.url, 'GET', mine('/privacy'), undefined, me.token)).body).toEqual({
      accepted: false,
      date: null,
    });
    const bad = await send(bed.t.url, 'POST', mine('/privacy'), { accepted: false }, me.token);
    expect(bad.status).toBe(400);
    const accepted = await send(bed.t.url, 'POST', mine('/privacy'), { accepted: true }, me.token);
    expect(accepted.body).toEqual({ accepted: true, date: expect.any(String) });
    const read = await send(bed.t.url, 'GET', mine('/privacy'), undefined, me.token);
    expect(read.body).toEqual(accepted.body);
    // Another user's acceptance is their own.
    const theirs = await send(
      bed.t.url,
      'GET',
      `/api/v2/users/${other.id}/privacy`,
      undefined,
      other.token,
    );
    expect(theirs.body).toMatchObject({ accepted: false });
  });

  it('stores the language, refusing unknown ones', async () => {
    expect(
      (await send(bed.t.url, 'POST', mine('/preferences'), { lang: 'xx' }, me.token)).status,
    ).toBe(400);
    expect((await send(bed.t.url, 'GET', mine('/preferences'), undefined, me.token)).body).toEqual({
      lang: 'en',
    });
    expect(
      (await send(bed.t.url, 'POST', mine('/preferences'), { lang: 'ca' }, me.token)).body,
    ).toEqual({ lang: 'ca' });
    expect((await send(bed.t.url, 'GET', mine('/preferences'), undefined, me.token)).body).toEqual({
      lang: 'ca',
    });
  });
});

describe('authorization', () => {
  it('answers 401 without a token and 403 for another user id', async () => {
    const calls: Array<['GET' | 'POST' | 'DELETE', string, unknown]> = [
      ['GET', '/privacy', undefined],
      ['POST', '/privacy', { accepted: true }],
      ['GET', '/preferences', undefined],
      ['POST', '/preferences', { lang: 'de' }],
      ['POST', '/password', { password: 'my_password', new_password: 'hacked_pw' }],
      [
        'POST',
        '/email',
        {
          new_email: 'x@example.com',
          password: 'my_password',
          serialid: '01.01',
          frontend_host: FRONTEND,
        },
      ],
      ['DELETE', '', { password: 'my_password' }],
    ];
    for (const [method, suffix, body] of calls) {
      expect((await send(bed.t.url, method, mine(suffix), body)).status).toBe(401);
      const res = await send(bed.t.url, method, mine(suffix), body, other.token);
      expect(res, `${method} ${suffix}`).toMatchObject({
        status: 403,
        body: { error: 'forbidden' },
      });
    }
    expect(await bed.t.repos.users.findById(me.id)).toMatchObject({
      email: 'me@example.com',
      lang: 'en',
    });
    expect((await signIn('me@example.com', 'my_password')).status).toBe(200);
  });
});

describe('delete account', () => {
  it('needs the password, then removes the account', async () => {
    const wrong = await send(bed.t.url, 'DELETE', mine(''), { password: 'wrong' }, me.token);
    expect(wrong.status).toBe(400);
    expect(await bed.t.repos.users.findById(me.id)).toBeDefined();
    const ok = await send(bed.t.url, 'DELETE', mine(''), { password: 'my_password' }, me.token);
    expect(ok.status).toBe(200);
    expect(await bed.t.repos.users.findById(me.id)).toBeUndefined();
    expect((await signIn('me@example.com', 'my_password')).status).toBe(401);
  });
});
