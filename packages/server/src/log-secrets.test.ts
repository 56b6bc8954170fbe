import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { io as ioV4 } from 'socket.io-client';
import { SOCKET_NAMESPACE, type TokenResponse } from '@hearth/protocol';
import { s256 } from './auth/authorization-codes';
import { createLogger, redactUrl, REDACTED } from './logger';
import { linksIn, startSmtpSink } from './mail/smtp-sink';
import { connectGateway } from './test-support/test-gateway';
import { basic, tokenRequest } from './test-support/http';
import {
  createHomeWithDevice,
  randomDevId,
  startTestHearth,
  TEST_CLIENT,
  type TestHearth,
} from './test-support/test-hearth';

// A whole journey through the real server with its log captured at debug level: every
// secret the journey handled (passwords, mailed codes, tokens, client secrets, the PKCE
// verifier, a gateway secret) must be absent from every line.
const ASSISTANT = { id: 'log-assistant', secret: `assistant-${randomBytes(12).toString('hex')}` };
const REDIRECT = 'https://assistant.example/cb';

const logged: string[] = [];
const secrets = new Map<string, string>();
/** Remembers a secret the journey used, under a name the failure message shows. */
function secret(name: string, value: string): string {
  expect(value.length, name).toBeGreaterThan(5);
  secrets.set(name, value);
  return value;
}

let t: TestHearth;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const dir = mkdtempSync(join(tmpdir(), 'hearth-log-secrets-'));
beforeAll(async () => {
  const clients = join(dir, 'oauth-clients.json');
  writeFileSync(
    clients,
    JSON.stringify({
      clients: [
        {
          client_id: ASSISTANT.id,
          client_secret: ASSISTANT.secret,
          redirect_uris: [REDIRECT],
          scope: 'user:read devs:write group:*:write',
        },
      ],
    }),
  );
  sink = await startSmtpSink();
  t = await startTestHearth({
    embeddedBroker: true,
    env: { SMTP_URL: sink.url, OAUTH_CLIENTS_FILE: clients, LOG_LEVEL: 'debug' },
    logDestination: { write: (line: string) => void logged.push(line) },
  });
});
afterAll(async () => {
  await t.stop();
  await sink.close();
  rmSync(dir, { recursive: true, force: true });
});

async function json(path: string, method: string, body?: unknown, token?: string) {
  const res = await fetch(`${t.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.status;
}

async function tokens(res: Response, name: string): Promise<TokenResponse> {
  expect(res.status, name).toBe(200);
  const body = (await res.json()) as TokenResponse;
  secret(`${name} access token`, body.access_token);
  secret(`${name} refresh token`, body.refresh_token);
  return body;
}

/** The user and code of the next mailed link to `to`. */
async function mailedCode(to: string): Promise<{ user: string; code: string; link: string }> {
  const [link] = linksIn((await sink.next(to)).raw);
  const url = new URL(link ?? '');
  return {
    user: url.searchParams.get('user') ?? '',
    code: url.searchParams.get('code') ?? '',
    link: `${url.pathname}${url.search}`,
  };
}

describe('the log', () => {
  it('redacts secret query parameters, however their names are written', () => {
    expect(redactUrl('/client/code?client_id=a&token=t0k&state=s')).toBe(
      `/client/code?client_id=a&token=${REDACTED}&state=s`,
    );
    expect(redactUrl('/x?Access_Token=a&tok%65n=b&code=c&user=u&refresh_token')).toBe(
      `/x?Access_Token=${REDACTED}&tok%65n=${REDACTED}&code=${REDACTED}&user=u&refresh_token=${REDACTED}`,
    );
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });

  it('redacts secret fields and headers of logged objects, and keeps an error code', () => {
    const lines: string[] = [];
    const log = createLogger('info', { write: (line: string) => void lines.push(line) });
    log.info({ password: 'pw-123456', body: { code: 'c0de-123456' } }, 'one');
    log.info({ req: { headers: { authorization: 'Bearer abc.def.ghi' } } }, 'two');
    log.info({ err: { code: 'ECONNREFUSED' }, client_secret: 'cs-123456' }, 'three');
    const text = lines.join('');
    for (const value of ['pw-123456', 'c0de-123456', 'abc.def.ghi', 'cs-123456'])
      expect(text).not.toContain(value);
    expect(text).toContain('ECONNREFUSED');
  });

  it('holds none of the secrets of a whole journey', async () => {
    // Registration and its mailed confirmation.
    const email = `journey-${randomBytes(4).toString('hex')}@example.com`;
    const first = secret('registration password', `first_${randomBytes(4).toString('hex')}`);
    expect(
      await json('/api/v2/users', 'POST', {
        email,
        password: first,
        serialid: '01.01',
        lang: 'en',
        frontend_host: t.url,
      }),
    ).toBe(201);
    const verify = await mailedCode(email);
    secret('verification code', verify.code);
    // The browser opens the mailed link on the server (the app's route).
    await fetch(`${t.url}${verify.link}`);
    expect(
      await json('/api/v2/users/verify', 'POST', { user: verify.user, code: verify.code }),
    ).toBe(200);

    // Sign-in with the app's client (Basic header) and a refresh.
    secret('app client secret', TEST_CLIENT.secret);
    secret('app client Basic header', basic().slice('Basic '.length));
    const signedIn = await tokens(
      await tokenRequest(t.url, { grant_type: 'password', username: email, password: first }),
      'sign-in',
    );
    const refreshed = await tokens(
      await tokenRequest(t.url, {
        grant_type: 'refresh_token',
        refresh_token: signedIn.refresh_token,
      }),
      'refresh',
    );
    const access = refreshed.access_token;

    // Account linking: the token travels in /client/code's query, the code in the redirect.
    secret('assistant client secret', ASSISTANT.secret);
    const verifier = secret('PKCE verifier', randomBytes(32).toString('base64url'));
    const query = new URLSearchParams({
      client_id: ASSISTANT.id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      state: 'st4te',
      scope: 'user:read',
      code_challenge: s256(verifier),
      code_challenge_method: 'S256',
      token: access,
    });
    const asked = await fetch(`${t.url}/client/code?${query.toString()}`, { redirect: 'manual' });
    expect(asked.status).toBe(302);
    const code = secret(
      'authorization code',
      new URL(asked.headers.get('location') ?? '').searchParams.get('code') ?? '',
    );
    await tokens(
      await tokenRequest(
        t.url,
        { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier },
        basic(ASSISTANT.id, ASSISTANT.secret),
      ),
      'linked',
    );

    // A token in the query of routes that refuse it or do not exist.
    await fetch(`${t.url}/api/v2/devs?access_token=${access}`);
    await fetch(`${t.url}/no/such/route?token=${access}&password=${first}`);

    // Realtime with the token in the query, as the app's Engine.IO 3 client sends it.
    const { devId } = await createHomeWithDevice(t.repos, verify.user, randomDevId());
    for (const path of ['/socket.io/', '/api/v2/socket_io']) {
      const socket = ioV4(`${t.url}${SOCKET_NAMESPACE}`, {
        path,
        query: { token: access, dev_id: devId },
        forceNew: true,
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      socket.disconnect();
    }

    // The gateway signs in with its secret; another gateway's secret is refused.
    const gatewaySecret = secret('gateway secret', t.hearth.gatewaySecret(devId));
    const gw = await connectGateway(t.hearth.gatewayMqttUrl(), devId, gatewaySecret);
    await gw.end();
    const other = randomDevId();
    const refused = await mqtt
      .connectAsync(t.hearth.gatewayMqttUrl(), {
        clientId: other,
        username: other,
        password: secret(
          'a gateway secret tried for another',
          t.hearth.gatewaySecret(randomDevId()),
        ),
        reconnectPeriod: 0,
      })
      .then(
        (c) => c.endAsync().then(() => 'connected'),
        () => 'refused',
      );
    expect(refused).toBe('refused');

    // Password change, then a forgotten password and its reset.
    const second = secret('changed password', `second_${randomBytes(4).toString('hex')}`);
    expect(
      await json(
        `/api/v2/users/${verify.user}/password`,
        'POST',
        { password: first, new_password: second },
        access,
      ),
    ).toBe(200);
    expect(
      await json('/api/v2/users/password/forgot', 'POST', {
        email,
        serialid: '01.01',
        frontend_host: t.url,
      }),
    ).toBe(200);
    const reset = await mailedCode(email);
    secret('password reset code', reset.code);
    await fetch(`${t.url}${reset.link}`);
    const third = secret('reset password', `third_${randomBytes(4).toString('hex')}`);
    expect(
      await json('/api/v2/users/password/reset', 'POST', {
        user: reset.user,
        code: reset.code,
        password: third,
      }),
    ).toBe(200);
    await tokens(
      await tokenRequest(t.url, { grant_type: 'password', username: email, password: third }),
      'after reset',
    );
    await t.hearth.gatewayIdle();

    const text = logged.join('');
    // The capture saw the journey (so an empty log cannot pass), with the secrets redacted.
    expect(text).toContain('/client/code?');
    expect(text).toContain(`token=${REDACTED}`);
    expect(text).toContain('/password-reset-confirm/');
    for (const [name, value] of secrets) {
      expect(text.includes(value), `${name} appears in the log`).toBe(false);
      // A JWT's signature alone is enough to matter if a token were cut short.
      const signature = value.split('.')[2];
      if (signature) expect(text.includes(signature), `${name} (signature)`).toBe(false);
    }
  });
});
