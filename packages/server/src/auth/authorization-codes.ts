import { createHash } from 'node:crypto';

/** What a code was issued for; the token request must present the same (RFC 6749 §4.1.3). */
export interface CodeBinding {
  clientId: string;
  redirectUri: string;
  /** PKCE (RFC 7636): the verifier whose S256 hash the code was issued with. */
  codeVerifier?: string | undefined;
}

export type Redemption =
  | {
      userId: string;
      scope: string;
      /** Records the session the code started, so that a replay of the code can end it. */
      started(sid: string): Promise<void>;
    }
  /** The code was already redeemed: the session it started must end (RFC 6749 §4.1.2). */
  | { replayedSession: string };

/** RFC 7636 §4.6: BASE64URL(SHA256(ASCII(code_verifier))). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
export const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** An S256 challenge is a base64url SHA-256: 43 characters. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
