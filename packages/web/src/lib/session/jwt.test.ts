import { describe, expect, test } from 'vitest';
import { TOKEN_EXPIRY_MARGIN_MS } from '@hearth/protocol';
import { makeToken } from '../../test/tokens';
import { decodeToken, isTokenExpiring } from './jwt';

describe('decodeToken', () => {
  test('reads userId, serialId and exp', () => {
    expect(
      decodeToken(makeToken({ exp: 1_800_000_000, userId: 'abc', serialId: '15.01' })),
    ).toEqual({
      userId: 'abc',
      serialId: '15.01',
      exp: 1_800_000_000,
    });
  });

  test('reads UTF-8 claims', () => {
    expect(decodeToken(makeToken({ exp: 1, userId: 'n' })).userId).toBe('n');
  });

  test.each([[''], ['garbage'], ['a.b.c'], ['a.bnVsbA.c'], [undefined]])(
    '%s decodes to empty values',
    (token) => {
      expect(decodeToken(token)).toEqual({ userId: '', serialId: '', exp: 0 });
    },
  );
});

describe('isTokenExpiring', () => {
  const now = 1_700_000_000_000;
  test('under the 10-minute margin counts as expired', () => {
    const token = makeToken({ exp: (now + TOKEN_EXPIRY_MARGIN_MS - 1000) / 1000 });
    expect(isTokenExpiring(token, TOKEN_EXPIRY_MARGIN_MS, now)).toBe(true);
  });
  test('over the margin is still valid', () => {
    const token = makeToken({ exp: (now + TOKEN_EXPIRY_MARGIN_MS + 1000) / 1000 });
    expect(isTokenExpiring(token, TOKEN_EXPIRY_MARGIN_MS, now)).toBe(false);
  });
  test('an undecodable token is expired', () => {
    expect(isTokenExpiring('nope', TOKEN_EXPIRY_MARGIN_MS, now)).toBe(true);
  });
});
