import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TokenSigner } from '../auth/jwt';
import { isAppSession } from '../auth/scopes';
import { badRequest, forbidden, HttpError, unauthorized } from '../errors';
import type { LinkingService } from './linking.service';

const codeQuery = z.object({
  client_id: z.string().min(1).max(200),
  redirect_uri: z.url({ protocol: /^https?$/ }).max(2000),
  state: z.string().max(2000).default(''),
  scope: z.string().trim().min(1).max(500),
  token: z.string().min(1),
});

/**
 * GET /client/code (API.md §2, ours): the app, already signed in, hands the assistant a
 * short-lived code by redirecting the browser to the assistant's redirect_uri.
 */
export function linkingRoutes(deps: {
  linking: LinkingService;
  signer: TokenSigner;
  client: { id: string };
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/client/code',
      {
        schema: {
          tags: ['auth'],
          summary: 'Account linking: 302 to redirect_uri with a single-use authorization code',
          querystring: codeQuery,
          // The answer is the redirect alone (API.md §2), which the OpenAPI document must say.
          response: {
            302: z
              .null()
              .describe('Location: redirect_uri with the code and the state in its query'),
          },
        },
      },
      async (request, reply) => {
        const q = request.query;
        if (q.client_id !== deps.client.id) {
          throw new HttpError(400, 'invalid_client', 'Unknown client_id');
        }
        const claims = await deps.signer.verify(q.token);
        if (!claims) throw unauthorized('Invalid or expired access token');
        // Only the app's own session links an assistant: a linked token cannot mint itself
        // another code with a wider scope.
        if (!isAppSession(claims.scope)) throw forbidden('This token may not link an assistant');
        if (!q.scope.split(/\s+/).every((part) => /^[\w:.-]+$/.test(part))) {
          throw badRequest('Invalid scope');
        }
        const code = await deps.linking.issue({
          userId: claims.userId,
          clientId: q.client_id,
          redirectUri: q.redirect_uri,
          scope: q.scope,
        });
        const target = new URL(q.redirect_uri);
        target.searchParams.set('code', code);
        target.searchParams.set('state', q.state);
        return reply.redirect(target.toString(), 302);
      },
    );
  };
}
