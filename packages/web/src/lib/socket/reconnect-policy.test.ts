import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  SOCKET_RECONNECT_DELAY_MS,
  SOCKET_RECONNECT_JITTER,
  SOCKET_RECONNECT_MAX_DELAY_MS,
} from '@hearth/protocol';
import { backoffDelay, createReconnector, DEFAULT_BACKOFF } from './reconnect-policy';

const noJitter = { ...DEFAULT_BACKOFF, random: () => 0 };
const fullJitter = { ...DEFAULT_BACKOFF, random: () => 0.999_999 };

describe('backoff delay', () => {
  test('starts at 1 s and doubles up to 30 s, never more', () => {
    const delays = Array.from({ length: 9 }, (_, i) => backoffDelay(i, noJitter));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000]);
    expect(backoffDelay(1_000, noJitter)).toBe(30_000);
    expect([SOCKET_RECONNECT_DELAY_MS, SOCKET_RECONNECT_MAX_DELAY_MS]).toEqual([1_000, 30_000]);
  });

  test('jitter takes up to half of each delay off, so clients spread out', () => {
    expect(SOCKET_RECONNECT_JITTER).toBe(0.5);
    expect(backoffDelay(0, fullJitter)).toBe(500);
    expect(backoffDelay(10, fullJitter)).toBe(15_000);
    expect(backoffDelay(3, { ...DEFAULT_BACKOFF, random: () => 0.5 })).toBe(6_000);
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(4);
      expect(d).toBeGreaterThanOrEqual(8_000);
      expect(d).toBeLessThanOrEqual(16_000);
    }
  });
});

describe('reconnector', () => {
  let visible: boolean;
  beforeEach(() => {
    vi.useFakeTimers();
    visible = true;
  });
  afterEach(() => vi.useRealTimers());

  /** A reconnector whose every attempt fails until `up` says otherwise. */
  function failing() {
    const at: number[] = [];
    let up = false;
    const r = createReconnector({
      backoff: noJitter,
      visible: () => visible,
      attempt: () => {
        at.push(Date.now());
        if (up) r.succeeded();
        else r.failed();
      },
    });
    return { r, at, serverUp: () => (up = true) };
  }

  test('keeps trying without end, each wait twice the last up to 30 s', () => {
    const { r, at } = failing();
    const start = Date.now();
    r.failed(); // the connection is lost
    vi.advanceTimersByTime(10 * 60_000);
    const gaps = at.map((t, i) => t - (i === 0 ? start : (at[i - 1] ?? 0)));
    expect(gaps.slice(0, 7)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    // Ten minutes later it is still trying, every 30 s.
    expect(at.length).toBeGreaterThan(20);
    expect(new Set(gaps.slice(5))).toEqual(new Set([30_000]));
    r.stop();
  });

  test('a success starts the backoff again from 1 s', () => {
    const { r, at, serverUp } = failing();
    r.failed();
    vi.advanceTimersByTime(1_000 + 2_000 + 4_000);
    expect(r.failures()).toBe(4);
    serverUp();
    vi.advanceTimersByTime(8_000);
    expect(r.failures()).toBe(0);
    const count = at.length;
    r.failed(); // lost again
    vi.advanceTimersByTime(999);
    expect(at.length).toBe(count);
    vi.advanceTimersByTime(1);
    expect(at.length).toBe(count + 1);
  });

  test('now() tries at once instead of waiting its turn (online, focus, shown again)', () => {
    const { r, at } = failing();
    r.failed();
    vi.advanceTimersByTime(1_000 + 2_000 + 4_000 + 8_000);
    const count = at.length;
    r.now();
    expect(at.length).toBe(count + 1);
    // A connected reconnector has nothing to do.
    r.succeeded();
    r.now();
    expect(at.length).toBe(count + 1);
  });

  test('a hidden app stops trying, and tries at once when shown again', () => {
    const { r, at } = failing();
    r.failed();
    vi.advanceTimersByTime(1_000);
    expect(at.length).toBe(1);
    visible = false;
    vi.advanceTimersByTime(60 * 60_000);
    expect(at.length).toBe(1);
    visible = true;
    r.now();
    expect(at.length).toBe(2);
  });

  test('stop() ends the loop', () => {
    const { r, at } = failing();
    r.failed();
    r.stop();
    vi.advanceTimersByTime(60_000);
    r.now();
    expect(at).toEqual([]);
  });
});
