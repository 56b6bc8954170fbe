import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { S256_CHALLENGE } from '../auth/authorization-codes';
import type { TokenSigner } from '../auth/jwt';
import {
  redirectAllowed,
  scopeAllowed,
  type OAuthClient,
  type OAuthClients,
} from '../auth/oauth-clients';
import { isAppSession } from '../auth/scopes';
import { errors, HttpError } from '../errors';
import { linkingErrorPage, pageLanguage } from './linking-error-page';
import type { LinkingService } from './linking.service';

const codeQuery = z.object({
  client_id: z.string().min(1).max(200),
  redirect_uri: z.string().min(1).max(2000),
  state: z.string().max(2000).default(''),
  scope: z.string().min(1).max(500),
  token: z.string().min(1).max(4000),
  response_type: z.literal('code').optional(),
  code_challenge: z
    .string()
    .max(128)
    .optional()
    .describe('PKCE (RFC 7636) S256 challenge; required of public clients such as the app'),
  code_challenge_method: z.string().max(10).optional().describe('S256 (plain is refused)'),
});
type CodeQuery = z.infer<typeof codeQuery>;

/**
 * What an assistant sends the user to the sign-in page of account linking with: the request
 * GET /client/code will carry once the user has signed in and chosen a home (the app adds the
 * home's scope and the token then).
 */
const loginQuery = codeQuery
  .omit({ token: true })
  .extend({ scope: codeQuery.shape.scope.optional() });
type LoginQuery = z.infer<typeof loginQuery>;

/** The PKCE challenge to bind the code to; public clients must send one (RFC 7636, RFC 9700). */
function challengeOf(q: LoginQuery, isPublic: boolean): string | undefined {
  if (q.code_challenge === undefined) {
    if (q.code_challenge_method !== undefined)
      throw errors.invalidRequest('code_challenge is missing');
    if (isPublic)
      throw errors.invalidRequest('This client must use PKCE (code_challenge with S256)');
    return undefined;
  }
  if (q.code_challenge_method !== 'S256') {
    throw errors.invalidRequest('Only the S256 code_challenge_method is accepted');
  }
  if (!S256_CHALLENGE.test(q.code_challenge)) {
    throw errors.invalidRequest('code_challenge must be a base64url SHA-256 (43 characters)');
  }
  return q.code_challenge;
}

/**
 * GET /client/code (docs/wire-contract.md §2, ours): the app, already signed in, hands a registered client a
 * short-lived code by redirecting the browser to one of that client's redirect URIs. Anything
 * wrong is a page here and never a redirect: the asked-for URI is not trusted (RFC 6749
 * §4.1.2.1), and no code exists until everything checked out.
 */
export function linkingRoutes(deps: {
  linking: LinkingService;
  signer: TokenSigner;
  clients: OAuthClients;
}): FastifyPluginAsyncZod {
  /** The registered client, when the redirect URI is one it registered. */
  function clientOf(q: LoginQuery): OAuthClient {
    const client = deps.clients.find(q.client_id);
    if (!client) throw errors.invalidClient('Unknown client_id', 400);
    if (!redirectAllowed(client, q.redirect_uri)) {
      throw errors.invalidRequest('redirect_uri is not registered for this client');
    }
    return client;
  }
  function checkScope(client: OAuthClient, scope: string): void {
    if (!scopeAllowed(client, scope)) {
      throw errors.invalidScope('scope is not allowed for this client');
    }
  }

  async function codeFor(q: CodeQuery): Promise<URL> {
    const client = clientOf(q);
    const claims = await deps.signer.verify(q.token);
    if (!claims) throw errors.badToken();
    // Only the app's own session links an assistant: a linked token cannot mint itself
    // another code with a wider scope.
    if (!isAppSession(claims.scope)) throw errors.forbidden('This token may not link an assistant');
    checkScope(client, q.scope);
    const code = await deps.linking.issue({
      userId: claims.userId,
      clientId: client.id,
      redirectUri: q.redirect_uri,
      scope: q.scope,
      codeChallenge: challengeOf(q, client.public),
    });
    const target = new URL(q.redirect_uri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', q.state);
    return target;
  }

  function errorPage(request: FastifyRequest, reply: FastifyReply, error: HttpError) {
    const lang = pageLanguage(request.headers['accept-language']);
    return reply
      .status(error.statusCode)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(linkingErrorPage(lang, error.code, error.message));
  }

  return async (app) => {
    app.get(
      '/client/code',
      {
        schema: {
          tags: ['auth'],
          summary: 'Account linking: 302 to a registered redirect_uri with a single-use code',
          querystring: codeQuery,
          // The answer is the redirect alone (docs/wire-contract.md §2), which the OpenAPI document must say.
          response: {
            302: z
              .null()
              .describe('Location: redirect_uri with the code and the state in its query'),
            // Unknown, not a string: a request refused before this route runs (bad text, too
            // many attempts) still answers with the JSON error body.
            400: z
              .unknown()
              .describe(
                'HTML page, no redirect: unknown client, unregistered redirect_uri or scope, missing or bad PKCE, bad query',
              ),
            401: z.unknown().describe('HTML page: invalid or expired token'),
            403: z.unknown().describe("HTML page: the token is not the app's own session"),
          },
        },
        attachValidation: true,
      },
      async (request, reply) => {
        try {
          if (request.validationError) {
            throw errors.invalidRequest(`Invalid query: ${request.validationError.message}`);
          }
          const target = await codeFor(request.query);
          return reply.header('cache-control', 'no-store').redirect(target.toString(), 302);
        } catch (error) {
          if (error instanceof HttpError) return errorPage(request, reply, error);
          throw error;
        }
      },
    );

    // The sign-in page of account linking is the app's; the request it comes with is checked
    // first as GET /client/code will check it, so a user is never asked to sign in (and to
    // allow an assistant) for a client, redirect URI, scope or PKCE that could only fail.
    for (const url of ['/oauth/login', '/oauth/gaction/login']) {
      app.get(
        url,
        {
          schema: {
            tags: ['auth'],
            summary: 'Account linking sign-in page: the app, once the request is checked',
            querystring: loginQuery,
            response: {
              200: z.unknown().describe("The app's page (index.html)"),
              400: z
                .unknown()
                .describe(
                  'HTML page, no sign-in form: unknown client, unregistered redirect_uri or scope, missing or bad PKCE, bad query',
                ),
              404: z.unknown().describe('The web app is not served by this server'),
            },
          },
          attachValidation: true,
        },
        async (request, reply) => {
          try {
            if (request.validationError) {
              throw errors.invalidRequest(`Invalid query: ${request.validationError.message}`);
            }
            const q = request.query;
            const client = clientOf(q);
            if (q.scope !== undefined) checkScope(client, q.scope);
            challengeOf(q, client.public);
          } catch (error) {
            if (error instanceof HttpError) return errorPage(request, reply, error);
            throw error;
          }
          // The app's page, as for any route of the app (error handling's not-found handler).
          return reply.callNotFound();
        },
      );
    }
  };
}
