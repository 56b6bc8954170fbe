/** What the app reads from an access token; spec 1 §8: a failed decode gives '' and 0. */
export interface TokenInfo {
  userId: string;
  serialId: string;
  /** Expiry in seconds since the epoch. */
  exp: number;
}

const EMPTY: TokenInfo = { userId: '', serialId: '', exp: 0 };

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function decodeToken(token: string | null | undefined): TokenInfo {
  const payload = token?.split('.')[1];
  if (!payload) return EMPTY;
  let claims: unknown;
  try {
    claims = JSON.parse(base64UrlDecode(payload));
  } catch {
    // A malformed token is treated as no token: the caller will see exp 0 and refresh.
    return EMPTY;
  }
  if (typeof claims !== 'object' || claims === null) return EMPTY;
  const c = claims as Record<string, unknown>;
  return {
    userId: typeof c.userId === 'string' ? c.userId : '',
    serialId: typeof c.serialId === 'string' ? c.serialId : '',
    exp: typeof c.exp === 'number' && Number.isFinite(c.exp) ? c.exp : 0,
  };
}

/** Spec 1 §4: a token counts as expired when less than `marginMs` remain. */
export function isTokenExpiring(
  token: string | null | undefined,
  marginMs: number,
  nowMs: number,
): boolean {
  const { exp } = decodeToken(token);
  return exp * 1000 - nowMs < marginMs;
}
