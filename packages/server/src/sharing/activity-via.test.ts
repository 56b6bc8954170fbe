import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenResponse } from '@hearth/protocol';
import { s256 } from '../auth/authorization-codes';
import { createWorld, gatewayFor, send, type World } from '../devices/control-test-world';
import { basic, getJson, tokenRequest } from '../test-support/http';
import type { TestGateway } from '../test-support/test-gateway';
import { startTestHearth, type TestHearth } from '../test-support/test-hearth';

// Who wrote, in words: the app, a linked assistant by its registered name, never a client id.
const NAMED = { id: 'assistant-7f3a9c', secret: `named-${randomBytes(12).toString('hex')}` };
const UNNAMED = { id: 'assistant-unnamed-41', secret: `plain-${randomBytes(12).toString('hex')}` };
const REDIRECT = 'https://assistant.example/cb';

let t: TestHearth;
let w: World;
let gw: TestGateway;
const dir = mkdtempSync(join(tmpdir(), 'hearth-activity-via-'));
beforeAll(async () => {
  const clients = join(dir, 'oauth-clients.json');
  const entry = (c: typeof NAMED) => ({
    client_id: c.id,
    client_secret: c.secret,
    redirect_uris: [REDIRECT],
    scope: 'user:read devs:write group:*:write',
  });
  writeFileSync(
    clients,
    JSON.stringify({
      clients: [{ ...entry(NAMED), client_name: 'Kitchen Speaker' }, entry(UNNAMED)],
    }),
  );
  t = await startTestHearth({ env: { OAUTH_CLIENTS_FILE: clients } });
  w = await createWorld(t);
  gw = await gatewayFor(t, w.devId);
});
afterAll(async () => {
  await gw?.end();
  await t?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A token the owner linked to `client` through the authorization code grant. */
async function linked(client: typeof NAMED): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: client.id,
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: 's',
    scope: 'devs:write',
    code_challenge: s256(verifier),
    code_challenge_method: 'S256',
    token: w.owner,
  });
  const asked = await fetch(`${t.url}/client/code?${query.toString()}`, { redirect: 'manual' });
  expect(asked.status).toBe(302);
  const code = new URL(asked.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const res = await tokenRequest(
    t.url,
    { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier },
    basic(client.id, client.secret),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as TokenResponse).access_token;
}

describe('where a write came from', () => {
  it('names the app, or the linked assistant by its registered name, never a client id', async () => {
    const status = `${t.url}/api/v2/devs/${w.devId}/htr/2/status`;
    const write = async (stemp: string, token: string) =>
      expect((await send('POST', status, { stemp, units: 'C' }, token)).status).toBeLessThan(300);
    await write('20.5', w.owner);
    await write('21.5', await linked(NAMED));
    await write('22.5', await linked(UNNAMED));

    const { body } = await getJson(`${t.url}/api/v2/groups/${w.homeId}/activity`, w.owner);
    const entries = (body as { entries: Record<string, unknown>[] }).entries;
    const byStemp = (stemp: string) =>
      entries.find((e) => (e.detail as { stemp?: string }).stemp === stemp);
    expect(byStemp('20.5')).toMatchObject({
      actor: 'owner@example.com',
      source: 'app',
      via: 'app',
    });
    expect(byStemp('21.5')).toMatchObject({
      actor: 'owner@example.com',
      source: 'assistant',
      via: 'Kitchen Speaker',
    });
    expect(byStemp('22.5')).toMatchObject({ source: 'assistant', via: 'linked assistant' });
    const text = JSON.stringify(entries);
    for (const raw of [NAMED.id, UNNAMED.id, 'devs:write']) expect(text).not.toContain(raw);
  });
});
