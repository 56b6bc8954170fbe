import { describe, expect, it } from 'vitest';
import type { ChargeExplanation } from './charge-plan';
import { formatChargePlan } from './explain';

const TZ = 'Europe/Madrid';
const at = (hhmm: string, day = 15) => Date.parse(`2026-01-${day}T${hhmm}:00+01:00`);

const base: ChargeExplanation = {
  heaterName: 'Hall',
  outcome: 'planned',
  neededKwh: 4,
  plannedKwh: 4,
  readyBy: at('07:00', 16),
  blocks: [
    { start: at('01:00', 16), end: at('03:00', 16), kwh: 3 },
    { start: at('04:00', 16), end: at('04:30', 16), kwh: 1 },
  ],
  averagePricePerKwh: 0.0876,
  cheapestPricePerKwh: 0.05,
  dearestPricePerKwh: 0.3,
  slotsBlockedByLimit: 0,
  slotsWithoutPrice: 0,
  minBlockMs: 30 * 60_000,
};

describe('charge plan wording', () => {
  it('says how much, when, at what price, and by when, in the home wall time', () => {
    expect(formatChargePlan(base, TZ, 'EUR')).toBe(
      'Hall: charging 4.0 kWh in 2 blocks (01:00–03:00, 04:00–04:30) at 0.088 EUR/kWh on average, ready by 07:00; prices before then run from 0.050 EUR/kWh to 0.300 EUR/kWh; each block at least 30 min.',
    );
  });

  it('says why a plan falls short, and when nothing is needed', () => {
    const short = formatChargePlan(
      {
        ...base,
        outcome: 'short',
        shortBecause: 'power-limit',
        plannedKwh: 2,
        slotsBlockedByLimit: 4,
      },
      TZ,
      'EUR',
    );
    expect(short).toMatch(/^Hall: can store only 2.0 kWh of 4.0 kWh by 07:00/);
    expect(short).toMatch(/the home's power limit leaves too little room; .*4 slots left out/);
    expect(formatChargePlan({ ...base, outcome: 'charged-already' }, TZ, 'EUR')).toBe(
      'Hall: already holds its target for 07:00; no charging planned.',
    );
  });
});
