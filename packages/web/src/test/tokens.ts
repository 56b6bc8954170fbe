/** An unsigned JWT with the claims the app reads; the app never checks signatures. */
export function makeToken(claims: { exp: number; userId?: string; serialId?: string }): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ userId: 'u1', serialId: '15', ...claims })}.sig`;
}

/** A token expiring `ms` from `nowMs`. */
export function tokenExpiringIn(ms: number, nowMs = Date.now()): string {
  return makeToken({ exp: Math.floor((nowMs + ms) / 1000) });
}
