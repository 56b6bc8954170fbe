import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from '../config';
import {
  DEFAULT_LINKING_SCOPES,
  isLoopback,
  oauthClients,
  type OAuthClient,
  type OAuthClients,
} from './oauth-clients';
import { APP_SCOPE } from './scopes';

const redirectUri = z
  .string()
  .max(2000)
  .refine(
    (text) => {
      if (!URL.canParse(text)) return false;
      const url = new URL(text);
      const httpsOrLoopback =
        url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url));
      return httpsOrLoopback && url.hash === '' && url.username === '' && url.password === '';
    },
    { message: 'must be an https URL (http only on a loopback address) without a fragment' },
  );

const scopeToken = z
  .string()
  .regex(/^[A-Za-z0-9_:.*-]+$/, 'must be scope tokens separated by spaces')
  // The app's own whole-account scope is never handed to another party.
  .refine((token) => token !== APP_SCOPE, { message: `must not grant "${APP_SCOPE}"` });

/** One entry of the clients file: the names of RFC 7591 client metadata. */
const clientEntry = z
  .object({
    // A colon would not survive HTTP Basic authentication (id:secret).
    client_id: z
      .string()
      .regex(/^[\x21-\x39\x3b-\x7e]{1,200}$/, 'must be 1-200 visible ASCII characters without ":"'),
    // Absent: a public client, which must use PKCE.
    client_secret: z.string().min(16, 'must be at least 16 characters').max(500).optional(),
    redirect_uris: z.array(redirectUri).min(1).max(50),
    // What a home's activity log calls it ("Voice assistant"); never its id.
    client_name: z.string().trim().min(1).max(100).optional(),
    scope: z
      .string()
      .optional()
      .transform((text) => text?.split(' ').filter((part) => part !== ''))
      .pipe(z.array(scopeToken).min(1).optional()),
  })
  .strict();

const clientsFile = z
  .object({ clients: z.array(clientEntry).max(100) })
  .strict()
  .refine((file) => new Set(file.clients.map((c) => c.client_id)).size === file.clients.length, {
    message: 'a client_id is listed twice',
  });

export interface OAuthClientsSource {
  /** Where the operator lists the clients (OAUTH_CLIENTS_FILE); a missing file lists none. */
  file: string;
  /** The app's own client (CLIENT_ID, CLIENT_SECRET). */
  app: { id: string; secret: string };
  production: boolean;
}

function readList(file: string): z.infer<typeof clientsFile>['clients'] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new ConfigError(`Invalid configuration: cannot read the OAuth clients file ${file}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigError(`Invalid configuration: the OAuth clients file ${file} is not JSON`);
  }
  const parsed = clientsFile.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'file'}: ${i.message}`);
    throw new ConfigError(`Invalid OAuth clients file ${file}:\n${lines.join('\n')}`);
  }
  return parsed.data.clients;
}

/**
 * Reads the clients once at start (a wrong file stops the server rather than leave linking
 * open or broken without a word). The app's own client is always there and always public; an
 * entry with its id adds redirect URIs and scopes to it but cannot give it another secret.
 */
export function loadOAuthClients(source: OAuthClientsSource): OAuthClients {
  const entries = readList(source.file);
  const own = entries.find((entry) => entry.client_id === source.app.id);
  if (own?.client_secret !== undefined) {
    throw new ConfigError(
      `Invalid OAuth clients file ${source.file}: the app's client "${source.app.id}" is public, its secret is CLIENT_SECRET`,
    );
  }
  const app: OAuthClient = {
    id: source.app.id,
    secret: source.app.secret,
    public: true,
    app: true,
    redirectUris: own?.redirect_uris ?? [],
    anyLoopbackRedirect: !source.production,
    scopes: own?.scope ?? DEFAULT_LINKING_SCOPES,
    name: own?.client_name,
  };
  const others = entries
    .filter((entry) => entry !== own)
    .map((entry): OAuthClient => ({
      id: entry.client_id,
      secret: entry.client_secret,
      public: entry.client_secret === undefined,
      app: false,
      redirectUris: entry.redirect_uris,
      anyLoopbackRedirect: false,
      scopes: entry.scope ?? DEFAULT_LINKING_SCOPES,
      name: entry.client_name,
    }));
  return oauthClients([app, ...others]);
}
