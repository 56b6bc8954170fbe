import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestHearth } from '../test-support/test-hearth';
import {
  ASSISTANT,
  OTHER_ASSISTANT_REDIRECT,
  pkce,
  PUBLIC_ASSISTANT,
  REDIRECT,
  SCOPE,
  startLinkingHearth,
} from './linking.test-helpers';

// The account-linking sign-in page (/oauth/login, /oauth/gaction/login) is the app's; it was
// served for any client and redirect URI, so a user was asked to sign in and allow an
// assistant whose request GET /client/code could only refuse. The request is now checked
// first, as /client/code checks it.
const APP_PAGE = '<!doctype html><title>Hearth app</title><form id="sign-in"></form>';

let t: TestHearth;
let web: string;
beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'hearth-web-'));
  writeFileSync(join(web, 'index.html'), APP_PAGE);
  t = await startLinkingHearth({ WEB_DIST: web });
});
afterAll(async () => {
  await t?.stop();
  rmSync(web, { recursive: true, force: true });
});

const PAGES = ['/oauth/login', '/oauth/gaction/login'];

function open(page: string, query: Record<string, string>): Promise<Response> {
  return fetch(`${t.url}${page}?${new URLSearchParams(query).toString()}`, { redirect: 'manual' });
}

const assistant = { client_id: ASSISTANT.id, redirect_uri: REDIRECT, state: 'st4te' };

describe('the account-linking sign-in page', () => {
  it("is the app's page for a registered client, redirect URI, scope and PKCE", async () => {
    const { challenge } = pkce();
    const publicClient = {
      client_id: PUBLIC_ASSISTANT.id,
      redirect_uri: PUBLIC_ASSISTANT.redirect,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    for (const page of PAGES) {
      for (const query of [assistant, { ...assistant, scope: SCOPE }, publicClient]) {
        const res = await open(page, { ...query, response_type: 'code' });
        expect(res.status, `${page} ${JSON.stringify(query)}`).toBe(200);
        expect(await res.text()).toBe(APP_PAGE);
      }
    }
  });

  it('is an error page, never the sign-in form, for anything /client/code would refuse', async () => {
    const { challenge } = pkce();
    const refused: Array<[Record<string, string>, number, string]> = [
      [{ ...assistant, client_id: 'unknown-assistant' }, 400, 'invalid_client'],
      [
        { ...assistant, redirect_uri: 'https://evil.example/link/callback' },
        400,
        'invalid_request',
      ],
      [
        { ...assistant, redirect_uri: `${REDIRECT}?next=https://evil.example` },
        400,
        'invalid_request',
      ],
      // Registered, but by another client.
      [{ ...assistant, redirect_uri: OTHER_ASSISTANT_REDIRECT }, 400, 'invalid_request'],
      [{ ...assistant, scope: 'user' }, 400, 'invalid_scope'],
      [{ ...assistant, scope: `${SCOPE} devs:admin` }, 400, 'invalid_scope'],
      [
        { client_id: PUBLIC_ASSISTANT.id, redirect_uri: PUBLIC_ASSISTANT.redirect },
        400,
        'invalid_request',
      ],
      [
        { ...assistant, code_challenge: challenge, code_challenge_method: 'plain' },
        400,
        'invalid_request',
      ],
      [{ ...assistant, response_type: 'token' }, 400, 'invalid_request'],
      [{ state: 'st4te' }, 400, 'invalid_request'],
    ];
    for (const page of PAGES) {
      for (const [query, status, code] of refused) {
        const res = await open(page, query);
        const what = `${page} ${JSON.stringify(query)}`;
        expect(res.status, what).toBe(status);
        expect(res.headers.get('location'), what).toBeNull();
        expect(res.headers.get('content-type'), what).toMatch(/^text\/html/);
        const body = await res.text();
        expect(body, what).toContain('This assistant could not be linked');
        expect(body, what).toContain(`<code>${code}</code>`);
        expect(body, what).not.toContain('sign-in');
        expect(body, what).not.toContain('evil.example');
      }
    }
  });
});
