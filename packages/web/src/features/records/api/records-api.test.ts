import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Query } from '@tanstack/react-query';
import { samplesQuery, yearSamplesQuery, type RecordsNode } from './records-api';

const node: RecordsNode = { devId: 'd1', type: 'htr', addr: 2, name: 'Lounge' };
const NOW = Date.UTC(2026, 2, 10, 11);
const today = { year: 2026, month: 3, day: 10 };
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/** The staleTime the options give an entry fetched `ago` ms before now. */
function stale(options: { staleTime?: unknown }, ago: number) {
  const staleTime = options.staleTime as (q: Query) => number;
  return staleTime({ state: { dataUpdatedAt: NOW - ago } } as Query);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('sample cache (spec 3 §4: past months 7 days, the current month 15 minutes)', () => {
  test('the current month is fresh for 15 minutes', () => {
    vi.useFakeTimers({ now: NOW });
    const options = samplesQuery(node, { year: 2026, month: 3 }, 'Europe/Madrid', today);
    expect(stale(options, 14 * MIN)).toBe(Infinity);
    expect(stale(options, 15 * MIN)).toBe(0);
  });

  test('a past month is fresh for 7 days, and kept that long', () => {
    vi.useFakeTimers({ now: NOW });
    const options = samplesQuery(node, { year: 2026, month: 2 }, 'Europe/Madrid', today);
    expect(stale(options, 6 * DAY)).toBe(Infinity);
    expect(stale(options, 7 * DAY)).toBe(0);
    expect(options.gcTime).toBe(7 * DAY);
  });

  test('a past year as a past month, the current year as the current month', () => {
    vi.useFakeTimers({ now: NOW });
    const past = yearSamplesQuery(node, 2025, 'Europe/Madrid', today);
    expect(stale(past, 6 * DAY)).toBe(Infinity);
    expect(stale(past, 7 * DAY)).toBe(0);
    const current = yearSamplesQuery(node, 2026, 'Europe/Madrid', today);
    expect(stale(current, 14 * MIN)).toBe(Infinity);
    expect(stale(current, 15 * MIN)).toBe(0);
  });
});
