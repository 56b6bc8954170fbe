import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { HttpError } from '../errors';
import type { TokenService } from './token.service';

const tokenBody = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('password'),
    username: z.string().min(1),
    password: z.string().min(1),
  }),
  z.object({ grant_type: z.literal('refresh_token'), refresh_token: z.string().min(1) }),
  z.object({
    grant_type: z.literal('authorization_code'),
    code: z.string().min(1),
    redirect_uri: z.string().min(1),
  }),
]);
const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
  token_type: z.literal('bearer'),
});

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function clientOf(request: FastifyRequest): { id: string; secret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

export function tokenRoutes(deps: {
  tokens: TokenService;
  client: { id: string; secret: string };
}): FastifyPluginAsyncZod {
  return async (app) => {
    for (const url of ['/client/token', '/api/v2/client/token']) {
      app.post(
        url,
        {
          schema: {
            tags: ['auth'],
            summary:
              'OAuth token: password, refresh_token or authorization_code grant (form-encoded, Basic client credentials)',
            consumes: ['application/x-www-form-urlencoded'],
            body: tokenBody,
            response: { 200: tokenResponse },
          },
          // The client must be checked before the body, so a bad client is a 401 whatever it sent.
          preValidation: async (request) => {
            const client = clientOf(request);
            if (
              !client ||
              !sameText(client.id, deps.client.id) ||
              !sameText(client.secret, deps.client.secret)
            ) {
              throw new HttpError(401, 'invalid_client', 'Unknown client or wrong client secret');
            }
          },
        },
        async (request) => {
          const body = request.body;
          if (body.grant_type === 'authorization_code') {
            return deps.tokens.authorizationCodeGrant(body.code, body.redirect_uri);
          }
          return body.grant_type === 'password'
            ? deps.tokens.passwordGrant(body.username, body.password)
            : deps.tokens.refreshGrant(body.refresh_token);
        },
      );
    }
  };
}
