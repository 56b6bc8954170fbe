import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIAL_THROTTLE } from '@hearth/protocol';
import { linksIn } from '../mail/smtp-sink';
import { basic } from '../test-support/http';
import { createUser, startTestHearth, type TestHearth } from '../test-support/test-hearth';
import { GUARDED_ROUTES } from './credential-throttle';

const SIGN_IN = CREDENTIAL_THROTTLE.signIn;
let t: TestHearth;
let nextAddress = 1;
/** Each test speaks from its own client address, through the loopback proxy the server trusts. */
const freshAddress = () => `203.0.113.${nextAddress++}`;

beforeAll(async () => {
  t = await startTestHearth({ env: { TRUST_PROXY: 'loopback' } });
});
afterAll(() => t?.stop());

async function token(
  from: string,
  form: Record<string, string>,
  authorization = basic(),
): Promise<{ status: number; retryAfter: string | null; body: Record<string, unknown> }> {
  const res = await fetch(`${t.url}/client/token`, {
    method: 'POST',
    headers: {
      authorization,
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': from,
    },
    body: new URLSearchParams(form).toString(),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as Record<string, unknown>,
  };
}

async function bearer(
  from: string,
  accessToken: string,
  method: 'POST' | 'DELETE',
  path: string,
  body: unknown,
) {
  const res = await fetch(`${t.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': 'application/json',
      'x-forwarded-for': from,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status };
}

async function postJson(from: string, path: string, body: unknown) {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify(body),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after') };
}

/** The code of the newest mail to `to` in the server's outbox. */
async function mailedCode(to: string): Promise<string> {
  const outbox = t.hearth.outboxDir ?? '';
  for (const name of readdirSync(outbox).sort().reverse()) {
    const raw = readFileSync(join(outbox, name), 'utf8');
    if (!raw.includes(to)) continue;
    for (const link of linksIn(raw)) {
      const code = new URL(link).searchParams.get('code');
      if (code) return code;
    }
  }
  throw new Error(`no mailed code for ${to}`);
}

const password = (username: string, secret: string) => ({
  grant_type: 'password',
  username,
  password: secret,
});

const TOO_MANY = {
  message: 'Too many attempts; try again later',
  statusCode: 429,
  error: 'too_many_attempts',
};

describe('login throttling', () => {
  it('guards routes that exist: every guarded path is one the server serves', async () => {
    const doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const route of GUARDED_ROUTES) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(Object.keys(doc.paths[path] ?? {}), `${route.method} ${path}`).toContain(
        route.method.toLowerCase(),
      );
    }
  });

  it('refuses an account after too many wrong passwords, with Retry-After, even the right one', async () => {
    const victim = await createUser(t.repos, 'victim@throttle.test');
    const from = freshAddress();
    for (let i = 0; i < SIGN_IN.perAccount; i += 1) {
      expect((await token(from, password(victim.email, `guess-${i}`))).status).toBe(401);
    }
    // From another address too: the account's count is what stops the guessing.
    const refused = await token(freshAddress(), password(victim.email, victim.password));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY);
    const retryAfter = Number(refused.retryAfter);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN.windowMs / 1000);
    // The e-mail's case and spaces do not make it another account.
    expect((await token(from, password(` VICTIM@throttle.test `, 'x'))).status).toBe(429);
    // Other accounts from the same address still sign in.
    const other = await createUser(t.repos, 'other@throttle.test');
    expect((await token(from, password(other.email, other.password))).status).toBe(200);
  });

  it('forgets an account’s failures once its owner signs in', async () => {
    const user = await createUser(t.repos, 'forgetful@throttle.test');
    const from = freshAddress();
    for (let i = 0; i < SIGN_IN.perAccount - 1; i += 1) {
      expect((await token(from, password(user.email, 'wrong'))).status).toBe(401);
    }
    expect((await token(from, password(user.email, user.password))).status).toBe(200);
    for (let i = 0; i < SIGN_IN.perAccount; i += 1) {
      expect((await token(from, password(user.email, 'wrong'))).status).toBe(401);
    }
    expect((await token(from, password(user.email, user.password))).status).toBe(429);
  });

  it('refuses an address after too many failures over any accounts, counting wrong client secrets', async () => {
    const from = freshAddress();
    const badClient = basic(undefined, 'not-the-secret');
    for (let i = 0; i < SIGN_IN.perAddress; i += 1) {
      const res = await token(from, password(`nobody-${i}@throttle.test`, 'x'), badClient);
      expect(res.status).toBe(401);
    }
    const user = await createUser(t.repos, 'behind-nat@throttle.test');
    const refused = await token(from, password(user.email, user.password));
    expect(refused).toMatchObject({ status: 429, body: TOO_MANY });
    // Refresh grants share the address's allowance.
    expect((await token(from, { grant_type: 'refresh_token', refresh_token: 'r' })).status).toBe(
      429,
    );
    // The same user from elsewhere is not affected.
    expect((await token(freshAddress(), password(user.email, user.password))).status).toBe(200);
  });

  it('does not count successful grants against the address', async () => {
    const user = await createUser(t.repos, 'regular@throttle.test');
    const from = freshAddress();
    const first = await token(from, password(user.email, user.password));
    let refresh = String(first.body.refresh_token);
    // Refresh grants are cheap successes (no password hash to check), so many fit in a test.
    for (let i = 0; i < SIGN_IN.perAddress + 5; i += 1) {
      const next = await token(from, { grant_type: 'refresh_token', refresh_token: refresh });
      expect(next.status).toBe(200);
      refresh = String(next.body.refresh_token);
    }
    expect((await token(from, password(user.email, user.password))).status).toBe(200);
  });

  it('does not let failed codes aimed at a user block that user, but limits the address', async () => {
    const user = await createUser(t.repos, 'codes@throttle.test');
    const stranger = freshAddress();
    for (let i = 0; i < CREDENTIAL_THROTTLE.code.perAddress; i += 1) {
      const res = await postJson(stranger, '/api/v2/users/password/reset', {
        user: user.id,
        code: `guess${i}`,
        password: 'new_secret_1',
      });
      expect(res.status).toBe(404);
    }
    // The stranger's address is out of guesses …
    const refused = await postJson(stranger, '/api/v2/users/verify', { user: user.id, code: 'x' });
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // … while the user's own code, from the user's address, still works.
    await fetch(`${t.url}/api/v2/users/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
      body: JSON.stringify({
        email: user.email,
        serialid: '01.01',
        frontend_host: 'http://app.hearth.test',
      }),
    });
    const code = await mailedCode(user.email);
    const reset = await postJson(freshAddress(), '/api/v2/users/password/reset', {
      user: user.id,
      code,
      password: 'new_secret_1',
    });
    expect(reset.status).toBe(200);
  });

  it('counts a stranger’s refusals on a victim’s user id against the stranger, not the victim', async () => {
    const victim = await createUser(t.repos, 'target@throttle.test');
    const stranger = await createUser(t.repos, 'stranger@throttle.test');
    const from = freshAddress();
    const strangerToken = String(
      (await token(from, password(stranger.email, stranger.password))).body.access_token,
    );
    const attack = (path: string, method: 'POST' | 'DELETE', body: unknown) =>
      bearer(from, strangerToken, method, `/api/v2/users/${victim.id}${path}`, body);
    for (let i = 0; i < SIGN_IN.perAccount + 5; i += 1) {
      const res =
        i % 2 === 0
          ? await attack('/password', 'POST', { password: 'guess', new_password: 'taken_over' })
          : await attack('', 'DELETE', { password: 'guess' });
      expect([403, 429]).toContain(res.status);
    }
    // The victim signs in, changes the password and could delete the account as usual.
    const home = freshAddress();
    const victimToken = String(
      (await token(home, password(victim.email, victim.password))).body.access_token,
    );
    const changed = await bearer(home, victimToken, 'POST', `/api/v2/users/${victim.id}/password`, {
      password: victim.password,
      new_password: 'brand_new_pw',
    });
    expect(changed.status).toBe(200);
    // The stranger's own account took the count: even its right password is refused now.
    const own = await bearer(
      freshAddress(),
      strangerToken,
      'POST',
      `/api/v2/users/${stranger.id}/password`,
      { password: stranger.password, new_password: 'another_pw' },
    );
    expect(own.status).toBe(429);
  });

  it('never refuses correct sign-ins of one account made at the same time', async () => {
    const user = await createUser(t.repos, 'many-tabs@throttle.test');
    const from = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: SIGN_IN.perAccount * 2 + 5 }, () =>
        token(from, password(user.email, user.password)),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  });

  it('lets no more than the limit of parallel wrong guesses through', async () => {
    const user = await createUser(t.repos, 'burst@throttle.test');
    const answers = await Promise.all(
      Array.from({ length: SIGN_IN.perAccount * 2 }, (_, i) =>
        token(freshAddress(), password(user.email, `guess-${i}`)),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN.perAccount);
    expect(statuses.filter((s) => s === 429)).toHaveLength(SIGN_IN.perAccount);
  });

  it('sends at most the allowed password-reset mails to one address, however often asked', async () => {
    const user = await createUser(t.repos, 'mailbomb@throttle.test');
    const outbox = t.hearth.outboxDir ?? '';
    const mails = () => (existsSync(outbox) ? readdirSync(outbox).length : 0);
    const before = mails();
    const ask = () =>
      postJson(freshAddress(), '/api/v2/users/password/forgot', {
        email: user.email,
        serialid: '01.01',
        frontend_host: 'http://app.hearth.test',
      });
    for (let i = 0; i < CREDENTIAL_THROTTLE.mail.perAccount; i += 1) {
      expect((await ask()).status).toBe(200);
    }
    expect((await ask()).status).toBe(429);
    expect(mails() - before).toBe(CREDENTIAL_THROTTLE.mail.perAccount);
  });
});
