import { ACCESS_TOKEN_LIFETIME_S } from '@hearth/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './jwt';

const claims = { userId: 'u1', serialId: '01.01', email: 'a@b.c', scope: 'all', sid: 's1' };

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies a token again and again with the same claims', async () => {
    const signer = createTokenSigner('secret-one');
    const token = await signer.sign(claims);
    const first = await signer.verify(token);
    expect(first).toMatchObject(claims);
    expect(await signer.verify(token)).toEqual(first);
  });

  it('issues different tokens for the same claims in the same second, each valid', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z'), toFake: ['Date'] });
    const signer = createTokenSigner('secret-one');
    const [a, b] = await Promise.all([signer.sign(claims), signer.sign(claims)]);
    expect(a).not.toBe(b);
    expect(await signer.verify(a)).toMatchObject(claims);
    expect(await signer.verify(b)).toMatchObject(claims);
  });

  it('refuses a token signed with another key, or altered, even after the real one was verified', async () => {
    const signer = createTokenSigner('secret-one');
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).toBeDefined();
    const foreign = await createTokenSigner('secret-two').sign(claims);
    expect(await signer.verify(foreign)).toBeUndefined();
    const [head, body, sig] = token.split('.');
    const altered = `${head}.${body}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await signer.verify(altered)).toBeUndefined();
  });

  it('refuses a verified token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const signer = createTokenSigner('secret-one');
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).toBeDefined();
    vi.setSystemTime(Date.now() + (ACCESS_TOKEN_LIFETIME_S + 1) * 1000);
    expect(await signer.verify(token)).toBeUndefined();
  });

  it('refuses a token of an ended session, even one verified before', async () => {
    const ended = new Set<string>();
    const signer = createTokenSigner('secret-one', { sessionEnded: async (sid) => ended.has(sid) });
    const token = await signer.sign(claims);
    expect(await signer.verify(token)).toMatchObject({ sid: 's1' });
    ended.add('s1');
    expect(await signer.verify(token)).toBeUndefined();
  });

  it('refuses a token without a session id', async () => {
    const signer = createTokenSigner('secret-one', { sessionEnded: async () => false });
    const { sid: _sid, ...withoutSid } = claims;
    const token = await signer.sign(withoutSid as typeof claims);
    expect(await signer.verify(token)).toBeUndefined();
  });

  it('lets a failed session check through as an error, not as a refused token', async () => {
    const signer = createTokenSigner('secret-one', {
      sessionEnded: () => Promise.reject(new Error('database unreachable')),
    });
    const token = await signer.sign(claims);
    await expect(signer.verify(token)).rejects.toThrow('database unreachable');
  });
});
