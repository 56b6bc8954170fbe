import { createHmac } from 'node:crypto';
import { isValidDevId } from '@hearth/protocol';
import { describe, expect, it } from 'vitest';
import { gatewaySecret, linkedDevId } from './linked-identity.ts';

describe('a linked device identity', () => {
  it('is a valid Hearth dev id, the same every time, different per cloud and device', () => {
    const id = linkedDevId('haverland', '0123456789abcdef01');
    expect(isValidDevId(id)).toBe(true);
    expect(id).toMatch(/^[0-9a-f]{18}$/);
    expect(linkedDevId('haverland', '0123456789abcdef01')).toBe(id);
    expect(linkedDevId('elnur', '0123456789abcdef01')).not.toBe(id);
    expect(linkedDevId('haverland', '0123456789abcdef02')).not.toBe(id);
    // The separator keeps "ab"+"c" apart from "a"+"bc".
    expect(linkedDevId('ab', 'c')).not.toBe(linkedDevId('a', 'bc'));
  });

  it('signs in with the secret the server derives from its gateway key', () => {
    const id = linkedDevId('haverland', 'x');
    expect(gatewaySecret('key', id)).toBe(createHmac('sha256', 'key').update(id).digest('hex'));
  });
});
