/* eslint-disable no-console -- a benchmark prints its figures. */
// Speed of generateHistory: a year of 15-minute samples for two houses (10 nodes).
import { generateHistory, PRESETS } from '../src/index';

const from = Date.UTC(2025, 0, 1);
const to = Date.UTC(2026, 0, 1);
const started = performance.now();
const samples = generateHistory({
  nodes: [...PRESETS.house, ...PRESETS.house.map((n, i) => ({ ...n, addr: 10 + i }))],
  from,
  to,
  intervalS: 900,
  seed: 1,
  timezone: 'Europe/Madrid',
});
const ms = performance.now() - started;
console.log(
  `generateHistory: ${samples.length} samples (10 nodes, 1 year, 15 min) in ${ms.toFixed(0)} ms`,
);
