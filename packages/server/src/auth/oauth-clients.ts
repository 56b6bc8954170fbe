import { timingSafeEqual } from 'node:crypto';

/**
 * The OAuth clients the server knows (account linking, RFC 6749): the app's own client from
 * CLIENT_ID/CLIENT_SECRET, and the voice assistants the operator registers in the clients file
 * (oauth-clients-file.ts).
 */
export interface OAuthClient {
  id: string;
  /** What the client proves itself with at the token endpoint; undefined for a public client. */
  secret: string | undefined;
  /**
   * A public client cannot keep a secret (the app's is in every copy of the bundle), so its
   * authorization codes are bound to a PKCE challenge (RFC 7636) instead.
   */
  public: boolean;
  /** The app's own client: the only one the password grant serves. */
  app: boolean;
  /** Exact redirect URIs (RFC 6749 §3.1.2); a loopback one matches on any port (RFC 8252 §7.3). */
  redirectUris: readonly string[];
  /** Outside production the app's client may link to any loopback address (development). */
  anyLoopbackRedirect: boolean;
  /** Scope tokens a code may carry; `*` stands for one id (`group:*:write`). */
  scopes: readonly string[];
  /** The name people know it by (RFC 7591 `client_name`), shown in a home's activity log. */
  name?: string | undefined;
}

export interface OAuthClients {
  find(id: string): OAuthClient | undefined;
}

/** What a linked assistant gets by default: spec 1 "Device linking". */
export const DEFAULT_LINKING_SCOPES = ['user:read', 'devs:write', 'group:*:write'] as const;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function isLoopback(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname);
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Whether `uri` is one the client registered: compared whole, never by prefix. */
export function redirectAllowed(client: OAuthClient, uri: string): boolean {
  const asked = parseUrl(uri);
  if (!asked || asked.hash !== '' || asked.username !== '' || asked.password !== '') return false;
  if (!['https:', 'http:'].includes(asked.protocol)) return false;
  if (asked.protocol === 'http:' && !isLoopback(asked)) return false;
  if (client.anyLoopbackRedirect && isLoopback(asked)) return true;
  return client.redirectUris.some((registered) => {
    if (registered === uri) return true;
    const known = parseUrl(registered);
    // A native or development client listens on a port the system picks (RFC 8252 §7.3).
    if (!known || !isLoopback(known) || !isLoopback(asked)) return false;
    known.port = '';
    const other = new URL(asked.href);
    other.port = '';
    return known.href === other.href;
  });
}

function tokenPattern(allowed: string): RegExp {
  const escaped = allowed.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[A-Za-z0-9_-]+');
  return new RegExp(`^${escaped}$`);
}

/** Whether every token of `scope` is one the client may be given (and there is at least one). */
export function scopeAllowed(client: OAuthClient, scope: string): boolean {
  // RFC 6749 §3.3: tokens separated by single spaces.
  const parts = scope.split(' ');
  if (parts.some((part) => part === '')) return false;
  const patterns = client.scopes.map(tokenPattern);
  return parts.every((part) => patterns.some((pattern) => pattern.test(part)));
}

/** Compares secrets in constant time for their length, so timing does not reveal a prefix. */
export function secretMatches(client: OAuthClient, secret: string): boolean {
  if (client.secret === undefined) return false;
  const a = Buffer.from(client.secret);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function oauthClients(list: readonly OAuthClient[]): OAuthClients {
  const byId = new Map(list.map((client) => [client.id, client]));
  return { find: (id) => byId.get(id) };
}
