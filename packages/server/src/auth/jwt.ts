import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { ACCESS_TOKEN_LIFETIME_S, type AccessTokenClaims } from '@hearth/protocol';

const claimsSchema = z.object({
  userId: z.string().min(1),
  serialId: z.string(),
  email: z.string(),
  scope: z.string(),
  exp: z.number(),
});

export interface TokenSigner {
  sign(claims: Omit<AccessTokenClaims, 'exp'>): Promise<string>;
  /** The claims of a valid token, or undefined for anything expired, forged or malformed. */
  verify(token: string): Promise<AccessTokenClaims | undefined>;
}

/** Tokens remembered as verified (oldest forgotten first). */
const MAX_VERIFIED = 10_000;

export function createTokenSigner(secret: string): TokenSigner {
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
        .setExpirationTime(Math.floor(Date.now() / 1000) + ACCESS_TOKEN_LIFETIME_S)
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp > Date.now() / 1000) return known;
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const parsed = claimsSchema.safeParse(payload);
        if (!parsed.success) return undefined;
        if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
        const claims = Object.freeze(parsed.data);
        verified.set(token, claims);
        return claims;
      } catch (err) {
        if (err instanceof Error) return undefined;
        throw err;
      }
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
