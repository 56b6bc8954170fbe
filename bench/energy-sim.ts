// Simulated inputs of `npm run bench:energy`: day-ahead prices with the shape of a winter
// European market, a household's other load, and the nightly storage heater problems.
import { createRng, type OutdoorTrace, type Rng } from '@hearth/device-model';
import { deviceClockAt, zonedWallToMs } from '@hearth/protocol';
import type { PowerLimitStep, PriceSlot, StorageHeaterSpec } from '@hearth/energy';

const HALF_HOUR = 1_800_000;
const MIN = 60_000;

/**
 * Half-hourly retail prices (EUR/kWh): a spot price whose daily level wanders with the weather
 * and the wind (windy nights fall near or below zero), shaped by the hour — a night trough, a
 * morning peak, a small midday dip, the evening peak — with noise; plus network fees and tax.
 */
export function winterPrices(
  seed: number,
  startMs: number,
  days: number,
  timeZone: string,
): PriceSlot[] {
  const rng = createRng(seed);
  const out: PriceSlot[] = [];
  let level = 0.11;
  let wind = 0;
  for (let t = startMs; t < startMs + days * 86_400_000; t += HALF_HOUR) {
    const c = deviceClockAt(t, timeZone);
    const hour = c.h + c.m / 60;
    if (c.h === 0 && c.m === 0) {
      level += (rng() - 0.5) * 0.04 + (0.11 - level) * 0.2;
      wind = rng() < 0.25 ? 0.05 + rng() * 0.1 : rng() * 0.03;
    }
    const weekend = c.w === 0 || c.w === 6 ? 0.85 : 1;
    const shape =
      hour < 5
        ? 0.7
        : hour < 7
          ? 0.85 + 0.15 * (hour - 5)
          : hour < 9.5
            ? 1.35
            : hour < 12
              ? 1.1
              : hour < 15
                ? 0.95
                : hour < 17
                  ? 1.15
                  : hour < 20.5
                    ? 1.6
                    : hour < 22
                      ? 1.2
                      : 0.9;
    const windy = hour < 6 || hour >= 22 ? wind * 1.5 : wind;
    const spot = level * shape * weekend * (1 + (rng() - 0.5) * 0.16) - windy;
    const retail = 0.09 + 1.19 * spot;
    out.push({ start: t, pricePerKwh: Math.round(retail * 10_000) / 10_000 });
  }
  return out;
}

/** A household's other draw, minute by minute (kW): base, cooking, washing, kettles. */
export function householdLoad(
  seed: number,
  startMs: number,
  days: number,
  timeZone: string,
): Float64Array {
  const rng: Rng = createRng(seed);
  const minutes = days * 1440;
  const kw = new Float64Array(minutes);
  for (let i = 0; i < minutes; i += 1) {
    const c = deviceClockAt(startMs + i * MIN, timeZone);
    const awake = c.h >= 7 && c.h < 23;
    kw[i] = (awake ? 0.35 : 0.2) + rng() * 0.15;
  }
  const add = (from: number, len: number, p: number) => {
    for (let i = Math.max(0, from); i < Math.min(minutes, from + len); i += 1)
      kw[i] = (kw[i] ?? 0) + p;
  };
  for (let d = 0; d < days; d += 1) {
    const day = d * 1440;
    // Cooking in the evening, sometimes at lunch; the offset of the zone is small enough to ignore.
    add(
      day + 17 * 60 + 30 + Math.floor(rng() * 90),
      30 + Math.floor(rng() * 60),
      1.5 + rng() * 1.5,
    );
    if (rng() < 0.4) add(day + 12 * 60 + Math.floor(rng() * 60), 40, 1.5 + rng());
    // A wash every other day, at a random hour (some at night, on a timer).
    if (rng() < 0.5) add(day + Math.floor(rng() * 1380), 90 + Math.floor(rng() * 60), 2);
    for (let k = 0; k < 6; k += 1) add(day + 7 * 60 + Math.floor(rng() * 900), 3, 2.2);
  }
  return kw;
}

/** The minutes of the other load within [start, end). */
function loadWithin(
  kw: Float64Array,
  seriesStart: number,
  start: number,
  end: number,
): Float64Array {
  const a = Math.max(0, Math.floor((start - seriesStart) / MIN));
  const b = Math.min(kw.length, Math.ceil((end - seriesStart) / MIN));
  return kw.subarray(a, Math.max(a, b));
}

/** The peak of the other load over [start, end). */
export function peakLoad(
  kw: Float64Array,
  seriesStart: number,
  start: number,
  end: number,
): number {
  return loadWithin(kw, seriesStart, start, end).reduce((peak, v) => Math.max(peak, v), 0);
}

export interface Night {
  now: number;
  readyBy: number;
  heaters: StorageHeaterSpec[];
  powerLimit: PowerLimitStep[];
}

/**
 * The problem planned at 16:00 local for 07:00 the next morning: two storage heaters whose
 * targets follow the next day's cold, with what is left from the day before; the home's supply
 * (9.2 kW by default), limited to three quarters of it from 17:00 to 21:00 by its power schedule.
 */
export function nightProblem(
  rng: Rng,
  day: { y: number; n: number; d: number },
  outdoor: OutdoorTrace,
  timeZone: string,
  supplyKw = 9.2,
): Night {
  const wall = (d: number, h: number) =>
    zonedWallToMs({ y: day.y, n: day.n, d: day.d + d, h, m: 0 }, timeZone);
  const now = wall(0, 16);
  const readyBy = wall(1, 7);
  let sum = 0;
  for (let h = 0; h < 24; h += 1) sum += outdoor.at(readyBy + h * 3_600_000);
  const coldK = Math.max(0, 18 - sum / 24);
  const heaters: StorageHeaterSpec[] = [
    { id: 'living', name: 'Living room', powerKw: 3.4, capacityKwh: 24 },
    { id: 'hall', name: 'Hall', powerKw: 2.55, capacityKwh: 18 },
  ].map((h) => {
    const chargeKwh = Math.round(h.capacityKwh * (0.05 + rng() * 0.25) * 10) / 10;
    const need = h.capacityKwh * Math.min(1, 0.35 + coldK / 22);
    return {
      ...h,
      chargeKwh,
      targetKwh: Math.round(Math.max(chargeKwh, need) * 10) / 10,
      readyBy,
      minBlockMs: 60 * MIN,
    };
  });
  return {
    now,
    readyBy,
    heaters,
    powerLimit: [
      { from: now, kw: supplyKw },
      { from: wall(0, 17), kw: supplyKw * 0.75 },
      { from: wall(0, 21), kw: supplyKw },
    ],
  };
}
