import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import { loadOAuthClients } from './oauth-clients-file';
import { redirectAllowed, scopeAllowed, secretMatches } from './oauth-clients';

const APP = { id: 'hearth-app', secret: 'bundled-secret' };
const ALEXA = {
  client_id: 'alexa',
  client_secret: 'alexa-secret-0123456789',
  redirect_uris: [
    'https://layla.amazon.com/api/skill/link/M2AAAAAAAAAAAA',
    'https://pitangui.amazon.com/api/skill/link/M2AAAAAAAAAAAA',
    'https://alexa.amazon.co.jp/api/skill/link/M2AAAAAAAAAAAA',
  ],
};

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hearth-oauth-'));
  file = join(dir, 'oauth-clients.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function load(content: unknown, production = true) {
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return loadOAuthClients({ file, app: APP, production });
}

describe('the OAuth clients file', () => {
  it('registers confidential and public clients with their redirect URIs and scopes', () => {
    const clients = load({
      clients: [
        ALEXA,
        {
          client_id: 'google',
          redirect_uris: ['https://oauth-redirect.googleusercontent.com/r/my-project'],
          scope: 'user:read devs:write',
        },
      ],
    });
    const alexa = clients.find('alexa');
    expect(alexa).toMatchObject({ public: false, app: false });
    expect(alexa && secretMatches(alexa, ALEXA.client_secret)).toBe(true);
    expect(alexa && secretMatches(alexa, 'alexa-secret-012345678X')).toBe(false);
    expect(alexa && scopeAllowed(alexa, 'user:read devs:write group:3f2a-9:write')).toBe(true);
    const google = clients.find('google');
    expect(google).toMatchObject({ public: true, secret: undefined });
    expect(google && scopeAllowed(google, 'user:read devs:write group:abc:write')).toBe(false);
    expect(clients.find('nobody')).toBeUndefined();
  });

  it('without a file, knows only the app, which is public and links nowhere in production', () => {
    const clients = loadOAuthClients({
      file: join(dir, 'missing.json'),
      app: APP,
      production: true,
    });
    const app = clients.find(APP.id);
    expect(app).toMatchObject({ public: true, app: true, secret: APP.secret });
    expect(app && redirectAllowed(app, 'http://127.0.0.1:8080/cb')).toBe(false);
    const dev = loadOAuthClients({ file: join(dir, 'missing.json'), app: APP, production: false });
    const devApp = dev.find(APP.id);
    expect(devApp && redirectAllowed(devApp, 'http://127.0.0.1:8080/cb')).toBe(true);
    expect(devApp && redirectAllowed(devApp, 'https://evil.example/cb')).toBe(false);
  });

  it("adds redirect URIs to the app's client but never a secret", () => {
    const clients = load({
      clients: [{ client_id: APP.id, redirect_uris: ['https://assistant.example/cb'] }],
    });
    const app = clients.find(APP.id);
    expect(app && redirectAllowed(app, 'https://assistant.example/cb')).toBe(true);
    expect(() => load({ clients: [{ ...ALEXA, client_id: APP.id }] })).toThrow(ConfigError);
  });

  it.each([
    ['not JSON', '{'],
    ['no list', {}],
    ['an unknown field', { clients: [{ ...ALEXA, grant_types: ['password'] }] }],
    [
      'an http redirect',
      { clients: [{ ...ALEXA, redirect_uris: ['http://assistant.example/cb'] }] },
    ],
    ['a fragment', { clients: [{ ...ALEXA, redirect_uris: ['https://a.example/cb#x'] }] }],
    ['no redirect', { clients: [{ ...ALEXA, redirect_uris: [] }] }],
    ['a short secret', { clients: [{ ...ALEXA, client_secret: 'short' }] }],
    ['a colon in the id', { clients: [{ ...ALEXA, client_id: 'a:b' }] }],
    ['the whole-account scope', { clients: [{ ...ALEXA, scope: 'user devs:write' }] }],
    ['a client twice', { clients: [ALEXA, ALEXA] }],
  ])('stops the server on %s', (_what, content) => {
    expect(() => load(content)).toThrow(ConfigError);
  });
});

describe('redirect URI matching', () => {
  const client = () =>
    load({
      clients: [{ ...ALEXA, redirect_uris: [...ALEXA.redirect_uris, 'http://127.0.0.1/native'] }],
    }).find('alexa')!;

  it('compares whole URIs', () => {
    const alexa = client();
    expect(redirectAllowed(alexa, ALEXA.redirect_uris[0] ?? '')).toBe(true);
    for (const uri of [
      `${ALEXA.redirect_uris[0]}/x`,
      `${ALEXA.redirect_uris[0]}?a=1`,
      ALEXA.redirect_uris[0]?.replace('M2AAAAAAAAAAAA', 'M2AAAAAAAAAAAB') ?? '',
      'https://layla.amazon.com.evil.example/api/skill/link/M2AAAAAAAAAAAA',
      'not a url',
    ]) {
      expect(redirectAllowed(alexa, uri)).toBe(false);
    }
  });

  it('lets a loopback URI differ by its port only (RFC 8252 §7.3)', () => {
    const alexa = client();
    expect(redirectAllowed(alexa, 'http://127.0.0.1:51234/native')).toBe(true);
    expect(redirectAllowed(alexa, 'http://127.0.0.1:51234/other')).toBe(false);
  });
});
