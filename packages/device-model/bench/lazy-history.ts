/* eslint-disable no-console -- a benchmark prints its figures. */
// Speed of the on-demand history (lazy-history.ts) as the web demo asks it: a year of months
// for a node of a house (first query: every day of the year simulated), then a day of raw
// samples and a month of days once the day totals are known.
// Measured (Node 22, 2 busy cores): a year by month 1.2 s at first, then 4 ms; a day of raw
// samples 1 ms once the days are known, 0.5–0.7 s on a first query (the days since the epoch).
// Fast enough for a demo asked one node at a time, so the days are simulated when asked and
// only their totals kept, rather than a whole year stored per gateway.
import { createLazyHistory } from '../src/lazy-history';
import { createNodes, PRESETS } from '../src/node';
import { createRng } from '../src/rng';

const now = Date.UTC(2026, 10, 28, 12);
const devId = '5100000000000000ff';
const timed = <T>(label: string, fn: () => T): T => {
  const started = performance.now();
  const result = fn();
  console.log(`${label}: ${(performance.now() - started).toFixed(0)} ms`);
  return result;
};

const history = createLazyHistory({
  devId,
  nodes: createNodes(devId, PRESETS.house, createRng(1)),
  timezone: 'Europe/Madrid',
  epochMs: Date.UTC(2026, 0, 1),
  seed: 1,
});
const node = { type: 'htr', addr: 1 };
const yearAgo = now - 365 * 86_400_000;
timed('house (5 nodes), a year by month, first query', () =>
  history.buckets(node, 'month', yearAgo, now, 'Europe/Madrid', now),
);
timed('the same year again', () =>
  history.buckets(node, 'month', yearAgo, now, 'Europe/Madrid', now),
);
timed('a day of raw samples (days known)', () => history.samples(now - 86_400_000, now, node));
timed('a month by day (days known)', () =>
  history.buckets(node, 'day', now - 30 * 86_400_000, now, 'Europe/Madrid', now),
);
const fresh = createLazyHistory({
  devId,
  nodes: createNodes(devId, PRESETS.house, createRng(1)),
  timezone: 'Europe/Madrid',
  epochMs: Date.UTC(2026, 0, 1),
  seed: 1,
});
timed('a day of raw samples, first query (the days since the epoch simulated)', () =>
  fresh.samples(now - 86_400_000, now, node),
);
