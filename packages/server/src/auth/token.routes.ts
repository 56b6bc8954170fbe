import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../errors';
import { CODE_VERIFIER } from './authorization-codes';
import { secretMatches, type OAuthClient, type OAuthClients } from './oauth-clients';
import type { TokenService } from './token.service';

// RFC 6749 §2.3.1: a client may send its credentials in the body instead of HTTP Basic.
const clientFields = {
  client_id: z.string().min(1).max(200).optional(),
  client_secret: z.string().min(1).max(500).optional(),
};
const tokenBody = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    username: z.string().min(1).max(254),
    password: z.string().min(1).max(200),
    ...clientFields,
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1).max(4000),
    ...clientFields,
  }),
  z.object({
    grant_type: z.literal('authorization_code'),
    code: z.string().min(1).max(200),
    redirect_uri: z.string().min(1).max(2000),
    code_verifier: z
      .string()
      .max(128)
      .regex(CODE_VERIFIER, 'must be 43-128 unreserved characters (RFC 7636)')
      .optional()
      .describe('PKCE verifier (RFC 7636); required when the code was issued with a challenge'),
    ...clientFields,
  }),
]);
const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  token_type: z.literal('bearer'),
});

function basicOf(request: FastifyRequest): { id: string; secret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

const textField = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === 'string' ? form[name] : undefined;

/**
 * Who is asking (RFC 6749 §2.3): a client with a secret proves it, by HTTP Basic or in the
 * body (one of them); a public client names itself with client_id and may only redeem a
 * code (bound to its PKCE verifier) or refresh. The app's own client keeps its bundled secret
 * for the password grant, but being public, that secret proves nothing more.
 */
function authenticate(request: FastifyRequest, clients: OAuthClients): OAuthClient {
  const form: Record<string, unknown> =
    typeof request.body === 'object' && request.body !== null
      ? (request.body as Record<string, unknown>)
      : {};
  const basic = basicOf(request);
  const bodyId = textField(form, 'client_id');
  const bodySecret = textField(form, 'client_secret');
  if (basic && (bodySecret !== undefined || (bodyId !== undefined && bodyId !== basic.id))) {
    throw errors.invalidClient();
  }
  const id = basic?.id ?? bodyId;
  const secret = basic?.secret ?? bodySecret;
  const client = id === undefined ? undefined : clients.find(id);
  if (!client) throw errors.invalidClient();
  if (secret !== undefined) {
    if (!secretMatches(client, secret)) throw errors.invalidClient();
  } else if (!client.public || form.grant_type === 'password') {
    throw errors.invalidClient();
  }
  return client;
}

export function tokenRoutes(deps: {
  tokens: TokenService;
  clients: OAuthClients;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const clientOf = new WeakMap<FastifyRequest, OAuthClient>();
    for (const url of ['/client/token', '/api/v2/client/token']) {
      app.post(
        url,
        {
          schema: {
            tags: ['auth'],
            summary:
              'OAuth token: password, refresh_token or authorization_code grant (form-encoded; client by HTTP Basic or client_id/client_secret)',
            consumes: ['application/x-www-form-urlencoded'],
            body: tokenBody,
            response: { 200: tokenResponse },
          },
          // The client must be checked before the body, so a bad client is a 401 whatever it sent.
          preValidation: async (request) => {
            clientOf.set(request, authenticate(request, deps.clients));
          },
        },
        async (request) => {
          const body = request.body;
          const client = clientOf.get(request);
          if (!client) throw errors.invalidClient();
          if (body.grant_type === 'authorization_code') {
            return deps.tokens.authorizationCodeGrant(body.code, {
              clientId: client.id,
              redirectUri: body.redirect_uri,
              codeVerifier: body.code_verifier,
            });
          }
          if (body.grant_type === 'refresh_token')
            return deps.tokens.refreshGrant(body.refresh_token, client);
          // A voice assistant links through a code; only the app takes a user's password.
          if (!client.app) {
            throw errors.unauthorizedClient('This client may not use the password grant');
          }
          return deps.tokens.passwordGrant(body.username, body.password, client);
        },
      );
    }
  };
}
