import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { ACCESS_TOKEN_LIFETIME_S, type AccessTokenClaims } from '@hearth/protocol';

const claimsSchema = z.object({
  userId: z.string().min(1),
  serialId: z.string(),
  email: z.string(),
  scope: z.string(),
  sid: z.string().min(1),
  exp: z.number(),
});

export interface TokenSigner {
  sign(claims: Omit<AccessTokenClaims, 'exp'>): Promise<string>;
  /** The claims of a valid token, or undefined for anything expired, forged or malformed. */
  verify(token: string): Promise<AccessTokenClaims | undefined>;
}

/** Tokens remembered as verified (oldest forgotten first). */
const MAX_VERIFIED = 10_000;

export interface TokenSignerOptions {
  /** Whether the token's sign-in has ended (auth/session-revocations.ts); asked on every check. */
  sessionEnded?: (sid: string) => Promise<boolean>;
}

export function createTokenSigner(secret: string, opts: TokenSignerOptions = {}): TokenSigner {
  const live = async (claims: AccessTokenClaims) =>
    opts.sessionEnded && (await opts.sessionEnded(claims.sid)) ? undefined : claims;
  const key = new TextEncoder().encode(secret);
  /**
   * A token's signature and claims do not change until it expires, and an app sends the same
   * token with every request and socket: checking its HMAC once (WebCrypto, a round trip
   * through the thread pool) is enough. Only the expiry is checked again.
   */
  const verified = new Map<string, AccessTokenClaims>();
  return {
    sign: (claims) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        // Two tokens issued in the same second for the same session (a refresh racing a
        // second tab) must still differ, so that each can be told apart in logs and revoked.
        .setJti(randomBytes(12).toString('base64url'))
        .setExpirationTime(Math.floor(Date.now() / 1000) + ACCESS_TOKEN_LIFETIME_S)
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp > Date.now() / 1000) return live(known);
        verified.delete(token);
        return undefined;
      }
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
      } catch (err) {
        if (err instanceof Error) return undefined;
        throw err;
      }
      const parsed = claimsSchema.safeParse(payload);
      if (!parsed.success) return undefined;
      if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
      const claims = Object.freeze(parsed.data);
      verified.set(token, claims);
      // Outside the try: a database that cannot answer is a 5xx, not a signed-out user.
      return live(claims);
    },
  };
}

/** Refresh tokens are opaque to clients and stored only as their SHA-256. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
