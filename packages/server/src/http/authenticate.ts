import type { FastifyRequest } from 'fastify';
import type { AccessTokenClaims } from '@hearth/protocol';
import type { TokenSigner } from '../auth/jwt';
import { errors } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    user: AccessTokenClaims | null;
  }
}

/** onRequest hook for every authenticated route: a valid Bearer token or 401. */
export function bearerAuth(signer: TokenSigner) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw errors.unauthorized();
    const claims = await signer.verify(match[1]);
    if (!claims) throw errors.badToken();
    request.user = claims;
  };
}

export function currentUser(request: FastifyRequest): AccessTokenClaims {
  if (!request.user) throw errors.unauthorized();
  return request.user;
}
