import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUNDLED_BRANDS } from '../catalog/brands';
import { login } from '../test-support/http';
import {
  createHomeWithDevice,
  createUser,
  startTestHearth,
  type TestHearth,
} from '../test-support/test-hearth';
import { linksIn, startSmtpSink } from './smtp-sink';

// Every kind of mail the server sends with a link, through the real SMTP path: the link's
// origin comes from configuration, whatever frontend_host (or confirmation_url) the caller sent.
const PUBLIC_URL = 'https://home.hearth.test';
/** Allowed by the operator's brands.json for brand 01. */
const BRAND_ORIGIN = 'https://app.partner.test';
/** The brand's appParameters.frontendHost, which the app itself sends. */
const APP_FRONTEND = 'https://brand.hearth.test';
const HOSTILE = [
  'https://evil.example',
  'http://home.hearth.test.evil.example',
  'https://app.partner.test@evil.example',
  'https://evil.example/https://app.partner.test',
];

let t: TestHearth;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
const dataDir = mkdtempSync(join(tmpdir(), 'hearth-mail-links-'));
beforeAll(async () => {
  mkdirSync(join(dataDir, 'branding'));
  writeFileSync(
    join(dataDir, 'branding', 'brands.json'),
    JSON.stringify({ '01': { ...BUNDLED_BRANDS['01'], mail_origins: [`${BRAND_ORIGIN}/`] } }),
  );
  mkdirSync(join(dataDir, 'client-data', '01.01'), { recursive: true });
  writeFileSync(
    join(dataDir, 'client-data', '01.01', 'appParameters.json'),
    JSON.stringify({ frontendHost: APP_FRONTEND }),
  );
  sink = await startSmtpSink();
  t = await startTestHearth({
    env: { SMTP_URL: sink.url, PUBLIC_URL: `${PUBLIC_URL}/`, DATA_DIR: dataDir },
  });
});
afterAll(async () => {
  await t.stop();
  await sink.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.reset();
  sink.mails.splice(0);
});

let seq = 0;
const fresh = (tag: string) => `${tag}-${++seq}@example.com`;

async function post(path: string, body: unknown, token?: string, headers = {}) {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return res.status;
}

/** The link of the next mail to `to` (its text and HTML parts hold the same one). */
async function linkMailedTo(to: string): Promise<URL> {
  const links = linksIn((await sink.next(to)).raw).map((l) => new URL(l.replace(/&amp;/g, '&')));
  expect(links.length).toBeGreaterThan(0);
  expect(new Set(links.map((l) => l.href)).size).toBe(1);
  return links[0] as URL;
}

/** Each mail kind: sends it with `host` as the caller's origin; answers the mailed link. */
const KINDS: Record<string, (host: string) => Promise<URL>> = {
  async registration(host) {
    const email = fresh('new');
    const body = {
      email,
      password: 'secret_1',
      serialid: '01.01',
      lang: 'en',
      frontend_host: host,
    };
    expect(await post('/api/v2/users', body)).toBe(201);
    return linkMailedTo(email);
  },
  async password_reset(host) {
    const user = await createUser(t.repos, fresh('forgot'));
    const body = { email: user.email, serialid: '01.01', frontend_host: host };
    expect(await post('/api/v2/users/password/forgot', body)).toBe(200);
    return linkMailedTo(user.email);
  },
  async email_change(host) {
    const user = await createUser(t.repos, fresh('mover'));
    const token = (await login(t.url, user.email, user.password)).access_token;
    const newEmail = fresh('moved');
    const body = {
      new_email: newEmail,
      password: user.password,
      serialid: '01.01',
      frontend_host: host,
    };
    expect(await post(`/api/v2/users/${user.id}/email`, body, token)).toBe(200);
    return linkMailedTo(newEmail);
  },
  async invite(host) {
    const owner = await createUser(t.repos, fresh('owner'));
    const { homeId } = await createHomeWithDevice(t.repos, owner.id);
    const token = (await login(t.url, owner.email, owner.password)).access_token;
    const guest = fresh('guest');
    const body = { email: guest, groupid: homeId, confirmation_url: host };
    expect(await post(`/api/v2/users/${owner.id}/invite`, body, token)).toBe(201);
    return linkMailedTo(guest);
  },
};

const ROUTE: Record<string, string> = {
  registration: '/registration-confirm/01.01',
  password_reset: '/password-reset-confirm/01.01',
  email_change: '/email-change-confirm/01.01',
  invite: '/invite-confirm/01.01',
};

describe('links in mails', () => {
  for (const [kind, send] of Object.entries(KINDS)) {
    it(`${kind}: a hostile origin gets a link on PUBLIC_URL`, async () => {
      for (const hostile of HOSTILE) {
        const link = await send(hostile);
        expect(`${link.origin}${link.pathname}`, hostile).toBe(`${PUBLIC_URL}${ROUTE[kind]}`);
        expect(link.username).toBe('');
      }
    });

    it(`${kind}: an origin the brand allows is used`, async () => {
      for (const allowed of [BRAND_ORIGIN, `${BRAND_ORIGIN}/`, APP_FRONTEND, PUBLIC_URL]) {
        const link = await send(allowed);
        expect(`${link.origin}${link.pathname}`, allowed).toBe(
          `${allowed.replace(/\/$/, '')}${ROUTE[kind]}`,
        );
      }
    });
  }

  it('an invite without confirmation_url ignores a forged Host header', async () => {
    const owner = await createUser(t.repos, fresh('owner'));
    const { homeId } = await createHomeWithDevice(t.repos, owner.id);
    const token = (await login(t.url, owner.email, owner.password)).access_token;
    const guest = fresh('guest');
    const status = await post(
      `/api/v2/users/${owner.id}/invite`,
      { email: guest, groupid: homeId },
      token,
      { 'x-forwarded-host': 'evil.example', host: 'evil.example' },
    );
    expect(status).toBe(201);
    const link = await linkMailedTo(guest);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/invite-confirm/01.01`);
  });

  it('an allowed invite confirmation_url that names the confirm route keeps no caller query', async () => {
    const link = await KINDS.invite!(
      `${BRAND_ORIGIN}/invite-confirm/01.01?next=https://evil.example`,
    );
    expect(`${link.origin}${link.pathname}`).toBe(`${BRAND_ORIGIN}/invite-confirm/01.01`);
    expect([...link.searchParams.keys()].sort()).toEqual(['code', 'userid']);
  });
});
