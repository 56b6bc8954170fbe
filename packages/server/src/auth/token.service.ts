import { randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_LIFETIME_S, type TokenResponse } from '@hearth/protocol';
import { errors } from '../errors';
import type { RefreshTokenRow, TokensRepository } from '../repositories/tokens.repository';
import type { UserRow, UsersRepository } from '../repositories/users.repository';
import { newOpaqueToken, sha256, type TokenSigner } from './jwt';
import type { OAuthClient } from './oauth-clients';
import { hashPassword, verifyPassword } from './passwords';
import type { CodeBinding, Redemption } from './authorization-codes';
import type { Sessions } from './sessions';
import { APP_SCOPE } from './scopes';

/** Refresh tokens outlive access tokens so that an installed app stays signed in. */
const REFRESH_TOKEN_LIFETIME_MS = 90 * 24 * 3600 * 1000;
const DEFAULT_SCOPE = APP_SCOPE;

export interface TokenServiceDeps {
  users: UsersRepository;
  tokens: TokensRepository;
  signer: TokenSigner;
  /** Every grant belongs to a session; a refresh token of an ended one is refused. */
  sessions: Pick<Sessions, 'start' | 'isLive' | 'end'>;
  /** Account linking: redeems a code issued by GET /client/code (single use, short-lived). */
  authorizationCodes?: {
    redeem(code: string, binding: CodeBinding): Promise<Redemption | undefined>;
  };
}

/** The client asking at the token endpoint. */
export type GrantClient = Pick<OAuthClient, 'id' | 'app'>;

/**
 * Whether `client` may use the refresh token. A token without a client was issued before
 * tokens were bound to one, to the app's own client (the only one the password grant serves;
 * assistants' tokens were bound in migration 0006).
 */
function issuedTo(row: RefreshTokenRow, client: GrantClient): boolean {
  return row.clientId === null ? client.app : row.clientId === client.id;
}

export function createTokenService({
  users,
  tokens,
  signer,
  sessions,
  authorizationCodes,
}: TokenServiceDeps) {
  let dummy: Promise<string> | undefined;
  const dummyHash = () => (dummy ??= hashPassword(randomUUID()));
  /**
   * `sid` is the session: the refresh token's family and the access token's `sid` claim. The
   * refresh token belongs to the client that asked for it (RFC 6749 §6, §10.4).
   */
  async function issue(
    user: UserRow,
    sid: string,
    scope: string,
    clientId: string,
  ): Promise<TokenResponse> {
    const refresh = newOpaqueToken();
    await tokens.insert({
      userId: user.id,
      family: sid,
      clientId,
      tokenHash: sha256(refresh),
      scope,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_LIFETIME_MS),
    });
    const access = await signer.sign({
      userId: user.id,
      serialId: user.serialId,
      email: user.email,
      scope,
      sid,
    });
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: ACCESS_TOKEN_LIFETIME_S,
      token_type: 'bearer',
    };
  }

  return {
    async passwordGrant(
      username: string,
      password: string,
      client: GrantClient,
    ): Promise<TokenResponse> {
      const user = await users.findByEmail(username.trim());
      // An unknown user costs one hash check too, so timing does not reveal which e-mails exist;
      // and both failures share one message.
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
      if (!user || !valid) throw errors.invalidGrant('Wrong e-mail or password');
      // Told apart from a wrong password (only to someone who knows it), so the app can offer
      // to send the confirmation link again (ruling D14).
      if (!user.verified) throw errors.emailNotConfirmed();
      return issue(user, await sessions.start(user.id), DEFAULT_SCOPE, client.id);
    },

    /** The code must come back from the client and redirect URI it was issued to (RFC 6749 §4.1.3). */
    async authorizationCodeGrant(code: string, binding: CodeBinding): Promise<TokenResponse> {
      const redeemed = await authorizationCodes?.redeem(code, binding);
      if (redeemed && 'replayedSession' in redeemed) {
        // A code used twice was intercepted: end what its first use started (RFC 6749 §4.1.2).
        await tokens.revokeFamily(redeemed.replayedSession);
        await sessions.end(redeemed.replayedSession);
      }
      if (!redeemed || 'replayedSession' in redeemed) {
        throw errors.invalidGrant('Unknown, used or expired authorization code');
      }
      const user = await users.findById(redeemed.userId);
      if (!user) throw errors.invalidGrant('Unknown user');
      const sid = await sessions.start(user.id);
      await redeemed.started(sid);
      return issue(user, sid, redeemed.scope, binding.clientId);
    },

    /**
     * Only the client a refresh token was issued to may use it (RFC 6749 §6): another client's
     * attempt is refused as for an unknown token and changes nothing, so that it can neither
     * renew the token nor, by presenting it twice, end its owner's session.
     */
    async refreshGrant(refreshToken: string, client: GrantClient): Promise<TokenResponse> {
      const row = await tokens.findByHash(sha256(refreshToken));
      if (!row || !issuedTo(row, client)) throw errors.invalidGrant('Unknown refresh token');
      if (row.revokedAt || !(await sessions.isLive(row.family))) {
        throw errors.invalidGrant('Refresh token revoked');
      }
      if (row.usedAt || !(await tokens.consume(row.id))) {
        // A rotated token came back: someone holds a copy, so end the whole sign-in.
        await tokens.revokeFamily(row.family);
        // Its access tokens too: the copy may have been used already.
        await sessions.end(row.family);
        throw errors.invalidGrant('Refresh token already used');
      }
      if (row.expiresAt.getTime() <= Date.now()) throw errors.invalidGrant('Refresh token expired');
      const user = await users.findById(row.userId);
      if (!user) throw errors.invalidGrant('Unknown user');
      return issue(user, row.family, row.scope, client.id);
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
