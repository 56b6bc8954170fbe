import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { storedOptional, storedOr } from './stored-shape';

const away = z.object({ enabled: z.boolean(), away: z.boolean() });
const fallback = { enabled: false, away: false };

describe('a stored object read back', () => {
  it('answers it, missing keys from the default and unknown keys kept, without a warning', () => {
    const warn = vi.fn();
    expect(storedOr(away, { away: true, extra: 1 }, fallback, 'here', { warn })).toEqual({
      enabled: false,
      away: true,
      extra: 1,
    });
    expect(storedOr(away, undefined, fallback, 'here', { warn })).toBe(fallback);
    expect(warn).not.toHaveBeenCalled();
  });

  it('answers the default and warns, naming where, for one in another shape', () => {
    const warn = vi.fn();
    expect(storedOr(away, { away: 'yes' }, fallback, 'dev /mgr/away_status', { warn })).toBe(
      fallback,
    );
    expect(storedOr(away, ['x'], fallback, 'dev /mgr/away_status', { warn })).toBe(fallback);
    expect(storedOptional(away, 'text', 'node status', { warn })).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0]?.[0]).toMatchObject({ where: 'dev /mgr/away_status' });
  });
});
