import type { CodeBinding, Redemption } from '../auth/authorization-codes';
import { s256 } from '../auth/authorization-codes';
import { newOpaqueToken, sha256 } from '../auth/jwt';
import { errors } from '../errors';
import type { UsersRepository } from '../repositories/users.repository';
import type { AccountsRepository } from './accounts.repository';

/**
 * Authorization codes are handed to an assistant's redirect and redeemed by its server at once
 * (RFC 6749 §4.1.2: short-lived, 10 minutes at most).
 */
export const AUTHORIZATION_CODE_LIFETIME_MS = 5 * 60_000;

/** Account linking (docs/wire-contract.md §2 GET /client/code and the authorization_code grant). */
export function createLinkingService(
  accounts: AccountsRepository,
  users: Pick<UsersRepository, 'findById'>,
) {
  return {
    async issue(input: {
      userId: string;
      clientId: string;
      redirectUri: string;
      scope: string;
      /** S256 PKCE challenge; the route requires one of public clients. */
      codeChallenge: string | undefined;
    }): Promise<string> {
      // A deleted account's token stays valid until it expires: it links nothing (docs/wire-contract.md §1:
      // 401 for a bad token, never a 500).
      if (!(await users.findById(input.userId))) throw errors.badToken();
      const code = newOpaqueToken();
      const data: Record<string, string> = {
        clientId: input.clientId,
        redirectUri: input.redirectUri,
        scope: input.scope,
      };
      if (input.codeChallenge !== undefined) data.codeChallenge = input.codeChallenge;
      await accounts.insertCode({
        userId: input.userId,
        purpose: 'authorization_code',
        codeHash: sha256(code),
        data,
        expiresAt: new Date(Date.now() + AUTHORIZATION_CODE_LIFETIME_MS),
      });
      return code;
    },

    /**
     * Single use: the first attempt uses the code up whatever it presents, so a leaked code
     * works for nobody; another client, redirect URI or PKCE verifier, an expired code or a
     * second use all fail. A second use also names the session the first one started.
     */
    async redeem(code: string, binding: CodeBinding): Promise<Redemption | undefined> {
      const hash = sha256(code);
      const row = await accounts.consumeCode(hash, 'authorization_code');
      if (!row) {
        const used = await accounts.findCode(hash);
        const sid = used?.purpose === 'authorization_code' ? used.data.sid : undefined;
        return sid ? { replayedSession: sid } : undefined;
      }
      const data = row.data;
      if (!data.scope) return undefined;
      if (data.clientId !== binding.clientId || data.redirectUri !== binding.redirectUri) {
        return undefined;
      }
      // A code issued without a challenge is not redeemed with a verifier either (PKCE
      // downgrade, RFC 9700 §2.1.1), and one issued with a challenge needs its verifier.
      const challenge = data.codeChallenge;
      const verifier = binding.codeVerifier;
      if (challenge === undefined ? verifier !== undefined : verifier === undefined) {
        return undefined;
      }
      if (challenge !== undefined && verifier !== undefined && s256(verifier) !== challenge) {
        return undefined;
      }
      return {
        userId: row.userId,
        scope: data.scope,
        started: (sid) => accounts.setCodeData(row.id, { ...data, sid }),
      };
    },
  };
}
export type LinkingService = ReturnType<typeof createLinkingService>;
