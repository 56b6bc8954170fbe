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

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims) =>
      new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ACCESS_TOKEN_LIFETIME_S)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const parsed = claimsSchema.safeParse(payload);
        return parsed.success ? parsed.data : undefined;
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
