import { describe, expect, it } from 'vitest';
import { cachedLookup, TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('keeps an entry until its time is up', () => {
    let now = 0;
    const cache = new TtlCache<string>(1000, () => now);
    cache.set('a', 'x');
    now = 999;
    expect(cache.get('a')).toBe('x');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the oldest entry once full', () => {
    const cache = new TtlCache<number>(1000, () => 0, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3]);
    expect(cache.size).toBe(2);
  });
});

describe('cachedLookup', () => {
  it('shares one load between concurrent callers and forgets failures', async () => {
    const cache = new TtlCache<Promise<number>>(1000, () => 0);
    let loads = 0;
    const failing = () => {
      loads += 1;
      return Promise.reject(new Error('down'));
    };
    const [a, b] = [cachedLookup(cache, 'k', failing), cachedLookup(cache, 'k', failing)];
    await expect(a).rejects.toThrow('down');
    await expect(b).rejects.toThrow('down');
    expect(loads).toBe(1);
    const ok = await cachedLookup(cache, 'k', () => {
      loads += 1;
      return Promise.resolve(7);
    });
    expect([ok, loads]).toEqual([7, 2]);
  });
});
