import { newOpaqueToken, sha256 } from '../auth/jwt';
import { unauthorized } from '../errors';
import type { UsersRepository } from '../repositories/users.repository';
import type { AccountsRepository } from './accounts.repository';

/** Authorization codes are handed to an assistant's redirect and must be redeemed at once. */
export const AUTHORIZATION_CODE_LIFETIME_MS = 5 * 60_000;

export interface RedeemedCode {
  userId: string;
  scope: string;
}

/** Account linking (API.md §2 GET /client/code and the authorization_code grant). */
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
    }): Promise<string> {
      // A deleted account's token stays valid until it expires: it links nothing (API.md §1:
      // 401 for a bad token, never a 500).
      if (!(await users.findById(input.userId)))
        throw unauthorized('Invalid or expired access token');
      const code = newOpaqueToken();
      await accounts.insertCode({
        userId: input.userId,
        purpose: 'authorization_code',
        codeHash: sha256(code),
        data: { clientId: input.clientId, redirectUri: input.redirectUri, scope: input.scope },
        expiresAt: new Date(Date.now() + AUTHORIZATION_CODE_LIFETIME_MS),
      });
      return code;
    },

    /** Single use: a second redemption, an expired code or another redirect_uri all fail. */
    async redeem(code: string, redirectUri: string): Promise<RedeemedCode | undefined> {
      const row = await accounts.consumeCode(sha256(code), 'authorization_code');
      if (!row || row.data.redirectUri !== redirectUri) return undefined;
      return { userId: row.userId, scope: row.data.scope ?? 'user' };
    },
  };
}
export type LinkingService = ReturnType<typeof createLinkingService>;
