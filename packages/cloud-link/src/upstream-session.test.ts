import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeCloud } from '../test/fake-cloud.ts';
import { CLOUD_LINK_TIMING } from './timing.ts';
import type { CloudUpstream } from './upstream-config.ts';
import {
  NeedsPasswordError,
  UpstreamSession,
  UpstreamUnreachableError,
  type UpstreamSessionState,
} from './upstream-session.ts';

let endpoint: FakeCloud;
let upstream: CloudUpstream;
let clock: number;
let sessions: UpstreamSession[];

function session(password = 'right'): UpstreamSession {
  const made = new UpstreamSession({
    upstream,
    username: 'owner@example.com',
    password,
    now: () => clock,
    refreshAhead: false,
  });
  sessions.push(made);
  return made;
}

beforeEach(async () => {
  endpoint = new FakeCloud();
  upstream = await endpoint.start();
  clock = 1_000_000;
  sessions = [];
});

afterEach(async () => {
  for (const made of sessions) made.close();
  await endpoint.stop();
});

const HOURS_4 = 14_400_000;

describe('upstream session', () => {
  it('signs in with the password grant, the app client as Basic and the brand headers', async () => {
    const s = session();
    expect(await s.accessToken()).toBe('access-1');
    const [request] = endpoint.requests;
    expect(request?.path).toBe('/client/token');
    expect(request?.form).toEqual({
      grant_type: 'password',
      username: 'owner@example.com',
      password: 'right',
    });
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from('app-client:app-secret').toString('base64')}`,
    );
    expect(request?.headers['x-serialid']).toBe('14');
    expect(request?.headers['x-referer']).toBe('https://app.example.com');
    expect(s.state).toEqual({ kind: 'signed-in', expiresAt: clock + HOURS_4 });
  });

  it('keeps a token while it has more than the margin left, then refreshes it', async () => {
    const s = session();
    await s.accessToken();
    clock += HOURS_4 - CLOUD_LINK_TIMING.tokenRefreshMarginMs - 1;
    expect(await s.accessToken()).toBe('access-1');
    expect(endpoint.requests).toHaveLength(1);
    clock += 1;
    expect(await s.accessToken()).toBe('access-2');
    expect(endpoint.requests[1]?.form).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-1',
    });
  });

  it('renews a short-lived token before a fifth of its life is left', async () => {
    endpoint.expiresIn = 100;
    const s = session();
    await s.accessToken();
    clock += 79_000;
    expect(await s.accessToken()).toBe('access-1');
    clock += 1_000;
    expect(await s.accessToken()).toBe('access-2');
  });

  it('asks once for many callers at the same time', async () => {
    const s = session();
    const tokens = await Promise.all([s.accessToken(), s.accessToken(), s.accessToken()]);
    expect(tokens).toEqual(['access-1', 'access-1', 'access-1']);
    expect(endpoint.requests).toHaveLength(1);
  });

  it('signs in again once when the refresh is refused', async () => {
    const s = session();
    await s.accessToken();
    endpoint.revokeRefreshTokens();
    clock += HOURS_4;
    expect(await s.accessToken()).toBe('access-2');
    expect(endpoint.requests.map((r) => r.form.grant_type)).toEqual([
      'password',
      'refresh_token',
      'password',
    ]);
  });

  it('renews a token the API refused before it expired', async () => {
    const s = session();
    const first = await s.accessToken();
    s.invalidate('some-older-token');
    expect(await s.accessToken()).toBe(first);
    s.invalidate(first);
    expect(await s.accessToken()).toBe('access-2');
  });

  it('says "needs password" when the refresh and the password are refused, and forgets it', async () => {
    const s = session();
    const seen: UpstreamSessionState[] = [];
    s.onState((state) => seen.push(state));
    await s.accessToken();
    endpoint.revokeRefreshTokens();
    endpoint.password = 'changed-by-the-owner';
    clock += HOURS_4;
    await expect(s.accessToken()).rejects.toBeInstanceOf(NeedsPasswordError);
    expect(s.state).toEqual({ kind: 'needs-password' });
    expect(seen.at(-1)).toEqual({ kind: 'needs-password' });
    // No more guessing with a refused password: the cloud would lock the account.
    const asked = endpoint.requests.length;
    await expect(s.accessToken()).rejects.toBeInstanceOf(NeedsPasswordError);
    expect(endpoint.requests).toHaveLength(asked);
    s.setPassword('changed-by-the-owner');
    expect(await s.accessToken()).toMatch(/^access-/);
    expect(s.state.kind).toBe('signed-in');
  });

  it('needs a password at once when the first sign-in is refused', async () => {
    const s = session('wrong');
    const error = await s.accessToken().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NeedsPasswordError);
    expect(String(error)).not.toContain('wrong');
    expect(s.state).toEqual({ kind: 'needs-password' });
  });

  it('is "unreachable", not "needs password", when the cloud fails, and recovers', async () => {
    const s = session();
    endpoint.answer = () => ({ status: 503 });
    await expect(s.accessToken()).rejects.toBeInstanceOf(UpstreamUnreachableError);
    expect(s.state).toEqual({ kind: 'unreachable', reason: 'token endpoint answered 503' });
    endpoint.answer = () => ({ status: 200, body: { access_token: 'x' } });
    await expect(s.accessToken()).rejects.toThrow(/unknown shape/);
    endpoint.answer = (request) => endpoint.standard(request);
    expect(await s.accessToken()).toBe('access-1');
  });

  it('is "unreachable" when nothing answers, keeping the password for later', async () => {
    const s = session();
    endpoint.answer = () => ({ status: 0 });
    await expect(s.accessToken()).rejects.toBeInstanceOf(UpstreamUnreachableError);
    expect(s.state.kind).toBe('unreachable');
    endpoint.answer = (request) => endpoint.standard(request);
    expect(await s.accessToken()).toBe('access-1');
    expect(endpoint.requests.at(-1)?.form.grant_type).toBe('password');
  });

  it('renews on its own before the token expires, with nobody asking', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      endpoint.expiresIn = 100;
      const s = new UpstreamSession({
        upstream,
        username: 'o',
        password: 'right',
        now: () => clock,
      });
      sessions.push(s);
      await s.accessToken();
      clock += 80_000;
      vi.advanceTimersByTime(80_000);
      await vi.waitFor(() =>
        expect(s.state).toEqual({ kind: 'signed-in', expiresAt: clock + 100_000 }),
      );
      expect(endpoint.requests.map((r) => r.form.grant_type)).toEqual([
        'password',
        'refresh_token',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
