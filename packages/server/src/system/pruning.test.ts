import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '@hearth/protocol';
import { accountCodes, refreshTokens, sessions } from '../db/schema';
import { login, tokenRequest } from '../test-support/http';
import { createUser, useTestHearth, type TestHearth } from '../test-support/test-hearth';
import { startPruning } from './pruning';

// Ended and expired sign-ins, refresh tokens and codes were kept for ever: every sign-in,
// every rotation and every mailed link added a row that nothing deleted.
let t: TestHearth;
useTestHearth((started) => (t = started));

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const sidOf = (tokens: TokenResponse) => decodeJwt(tokens.access_token).sid as string;
const refresh = (token: string) =>
  tokenRequest(t.url, { grant_type: 'refresh_token', refresh_token: token });

async function ids() {
  const db = t.hearth.db;
  return {
    sessions: (await db.select({ id: sessions.id }).from(sessions)).map((r) => r.id).sort(),
    tokens: (await db.select({ id: refreshTokens.family }).from(refreshTokens))
      .map((r) => r.id)
      .sort(),
    codes: (await db.select({ hash: accountCodes.codeHash }).from(accountCodes))
      .map((r) => r.hash)
      .sort(),
  };
}

async function code(userId: string, hash: string, expiresAt: Date, data: Record<string, string>) {
  await t.hearth.db.insert(accountCodes).values({
    userId,
    purpose: hash.startsWith('link') ? 'authorization_code' : 'password_reset',
    codeHash: hash,
    data,
    expiresAt,
  });
}

/** One of each: what must go and what must stay. */
async function world() {
  const user = await createUser(t.repos, 'me@example.com', 'my_password');
  // Live, and renewed once: its rotated token stays, so that its return still ends it.
  const live = await login(t.url, user.email, user.password);
  const renewed = await refresh(live.refresh_token);
  expect(renewed.status).toBe(200);
  const liveNow = (await renewed.json()) as TokenResponse;
  // Ended (signed out elsewhere): its session and tokens go.
  const ended = await login(t.url, user.email, user.password);
  await t.repos.sessions.endOne(sidOf(ended));
  // Left alone for months: its refresh token expired, and its last access token long ago.
  const idle = await login(t.url, user.email, user.password);
  await t.hearth.db
    .update(refreshTokens)
    .set({ expiresAt: ago(HOUR), createdAt: ago(91 * 24 * HOUR) })
    .where(eq(refreshTokens.family, sidOf(idle)));
  await t.hearth.db
    .update(sessions)
    .set({ createdAt: ago(91 * 24 * HOUR) })
    .where(eq(sessions.id, sidOf(idle)));
  // Just started, its tokens not stored yet: its first access token may still be in use.
  const starting = await t.repos.sessions.create(user.id);
  await code(user.id, 'reset-expired', ago(1000), {});
  await code(user.id, 'reset-live', new Date(Date.now() + HOUR), {});
  await code(user.id, 'link-of-live', ago(HOUR), { sid: sidOf(live) });
  await code(user.id, 'link-of-ended', ago(HOUR), { sid: sidOf(ended) });
  await code(user.id, 'link-unused', ago(HOUR), {});
  return { live, liveNow, ended, idle, starting };
}

describe('pruning', () => {
  it('deletes ended and expired sign-ins, refresh tokens and codes, and keeps the live ones', async () => {
    const w = await world();
    const pruned = await t.hearth.pruneExpired();
    expect(pruned).toEqual({ sessions: 2, refreshTokens: 2, accountCodes: 3, comfortDecisions: 0 });
    expect(await ids()).toEqual({
      sessions: [sidOf(w.live), w.starting].sort(),
      tokens: [sidOf(w.live), sidOf(w.live)],
      codes: ['link-of-live', 'reset-live'],
    });
    // Nothing a live sign-in needs went: it renews, and its rotated token still ends it.
    const again = await refresh(w.liveNow.refresh_token);
    expect(again.status).toBe(200);
    const reused = await refresh(w.live.refresh_token);
    expect(await reused.json()).toMatchObject({ message: 'Refresh token already used' });
    const after = (await again.json()) as TokenResponse;
    expect((await refresh(after.refresh_token)).status).toBe(401);
    // The ended and idle sign-ins stay refused.
    expect((await refresh(w.ended.refresh_token)).status).toBe(401);
    expect((await refresh(w.idle.refresh_token)).status).toBe(401);
    // A second round finds nothing more than the session just ended by the reuse.
    expect(await t.hearth.pruneExpired()).toMatchObject({ sessions: 1, accountCodes: 1 });
  });

  it('runs on its interval until stopped', async () => {
    const user = await createUser(t.repos, 'me@example.com', 'my_password');
    const expiredCode = (hash: string) => code(user.id, hash, ago(1000), {});
    const codes = async () => (await ids()).codes;
    await expiredCode('reset-1');
    const pruning = startPruning({
      prune: () => t.hearth.pruneExpired(),
      log: t.hearth.log,
      intervalMs: 50,
    });
    await vi.waitFor(async () => expect(await codes()).toEqual([]));
    await pruning.stop();
    await expiredCode('reset-2');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await codes()).toEqual(['reset-2']);
  });
});
