import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { s256 } from '../auth/authorization-codes';
import { accountCodes } from '../db/schema';
import { basic, tokenRequest } from '../test-support/http';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';

export const REDIRECT = 'https://assistant.example/link/callback';
/** A second URI of the same assistant: a code issued for one is not redeemed with the other. */
export const OTHER_REDIRECT = 'https://assistant.example/link/other';
export const SCOPE = 'user:read devs:write group:abc:write';

export const ASSISTANT = { id: 'assistant', secret: 'assistant-secret-0123456789' };
export const OTHER_ASSISTANT = { id: 'other-assistant', secret: 'other-secret-0123456789' };
export const OTHER_ASSISTANT_REDIRECT = 'https://other-assistant.example/cb';
/** A registered public client: no secret, PKCE required. */
export const PUBLIC_ASSISTANT = { id: 'public-assistant', redirect: 'https://public.example/cb' };

/** A test server whose operator registered the assistants above (OAUTH_CLIENTS_FILE). */
export async function startLinkingHearth(env: Record<string, string> = {}): Promise<TestHearth> {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-clients-'));
  const file = join(dir, 'oauth-clients.json');
  writeFileSync(
    file,
    JSON.stringify({
      clients: [
        {
          client_id: ASSISTANT.id,
          client_secret: ASSISTANT.secret,
          redirect_uris: [REDIRECT, OTHER_REDIRECT],
          scope: 'user:read devs:write group:*:write',
        },
        {
          client_id: OTHER_ASSISTANT.id,
          client_secret: OTHER_ASSISTANT.secret,
          redirect_uris: [OTHER_ASSISTANT_REDIRECT],
        },
        { client_id: PUBLIC_ASSISTANT.id, redirect_uris: [PUBLIC_ASSISTANT.redirect] },
      ],
    }),
  );
  const t = await startTestHearth({ env: { OAUTH_CLIENTS_FILE: file, ...env } });
  return {
    ...t,
    async stop() {
      await t.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A PKCE pair (RFC 7636): a random verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: s256(verifier) };
}

/** GET /client/code as the browser goes there, the assistant's confidential client by default. */
export function askCode(
  url: string,
  token: string,
  overrides: Record<string, string> = {},
): Promise<Response> {
  const query = new URLSearchParams({
    client_id: ASSISTANT.id,
    redirect_uri: REDIRECT,
    state: 'st4te',
    scope: SCOPE,
    token,
    ...overrides,
  });
  return fetch(`${url}/client/code?${query.toString()}`, { redirect: 'manual' });
}

export function codeOf(res: Response): string {
  return new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
}

/** The assistant's server redeems a code (HTTP Basic with its secret unless told otherwise). */
export function redeem(
  url: string,
  form: Record<string, string>,
  authorization = basic(ASSISTANT.id, ASSISTANT.secret),
): Promise<Response> {
  return tokenRequest(
    url,
    { grant_type: 'authorization_code', redirect_uri: REDIRECT, ...form },
    authorization,
  );
}

export async function storedCodes(t: TestHearth): Promise<number> {
  return (await t.hearth.db.select().from(accountCodes)).length;
}
