import { celsiusToFahrenheit, fahrenheitToCelsius, parseDecimal } from '../format';
import type { TemperatureUnits } from '../node-types';

/**
 * Set-point limits of a node. A device states them in its setup as `min_stemp` and
 * `max_stemp` (decimal strings in the setup's units); without them a heater takes 5–30 °C
 * (41–86 °F), the range of the reference gateway.
 */
export const DEFAULT_MIN_STEMP_C = 5;
export const DEFAULT_MAX_STEMP_C = 30;
/** Setup keys of the limits (ours: the spec gives per-node limits but no key names). */
export const MIN_STEMP_KEY = 'min_stemp';
export const MAX_STEMP_KEY = 'max_stemp';

/** The three programme temperatures, lowest first: ice (anti-frost) ≤ eco ≤ comfort. */
export const PROFILE_TEMP_KEYS = ['ice_temp', 'eco_temp', 'comf_temp'] as const;
export type ProfileTempKey = (typeof PROFILE_TEMP_KEYS)[number];

/** Absorbs the rounding of converted limits (86 °F is 30 °C). */
const TOLERANCE = 0.05;

function convert(value: number, from: TemperatureUnits, to: TemperatureUnits): number {
  if (from === to) return value;
  return to === 'F' ? celsiusToFahrenheit(value) : fahrenheitToCelsius(value);
}

function numberAt(source: unknown, key: string): number | undefined {
  if (source === null || typeof source !== 'object') return undefined;
  const value = (source as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'number' ? parseDecimal(value) : undefined;
}

/**
 * A node's runback settings, from its setup's `extra_options` (docs/device-protocol.md):
 * default and highest temperature in °C, longest time in minutes; each undefined when the
 * setup does not give a usable value.
 */
export interface RunbackSettings {
  defaultC: number | undefined;
  maxC: number | undefined;
  maxMinutes: number | undefined;
}

export function runbackSettings(extraOptions: unknown, units: TemperatureUnits): RunbackSettings {
  const inC = (v: number | undefined) => (v === undefined ? undefined : convert(v, units, 'C'));
  const minutes =
    extraOptions !== null && typeof extraOptions === 'object'
      ? Number((extraOptions as Record<string, unknown>).max_runback_time)
      : NaN;
  return {
    defaultC: inC(numberAt(extraOptions, 'default_runback_temp')),
    maxC: inC(numberAt(extraOptions, 'max_runback_temp')),
    maxMinutes: Number.isInteger(minutes) && minutes > 0 ? minutes : undefined,
  };
}

export interface StempRange {
  min: number;
  max: number;
}

/**
 * The range of a node in `units`, read from its setup (or the setup's factory options);
 * `ownUnits` are the units the setup's values are written in.
 */
export function stempRange(
  setup: Record<string, unknown> | null | undefined,
  ownUnits: TemperatureUnits,
  units: TemperatureUnits,
): StempRange {
  const min = numberAt(setup, MIN_STEMP_KEY) ?? numberAt(setup?.factory_options, MIN_STEMP_KEY);
  const max = numberAt(setup, MAX_STEMP_KEY) ?? numberAt(setup?.factory_options, MAX_STEMP_KEY);
  return {
    min:
      min === undefined ? convert(DEFAULT_MIN_STEMP_C, 'C', units) : convert(min, ownUnits, units),
    max:
      max === undefined ? convert(DEFAULT_MAX_STEMP_C, 'C', units) : convert(max, ownUnits, units),
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** What is wrong with a temperature for a range, or null when it fits. */
export function rangeProblem(
  key: string,
  value: number,
  range: StempRange,
  units: TemperatureUnits,
): string | null {
  if (value >= range.min - TOLERANCE && value <= range.max + TOLERANCE) return null;
  return `${key} must be between ${round1(range.min)} and ${round1(range.max)} °${units}`;
}

/**
 * Checks ice ≤ eco ≤ comfort after a change: `next` holds the given values, `current` the
 * node's values for the others (all in one unit). Null when the order holds.
 */
export function profileOrderProblem(
  next: Partial<Record<ProfileTempKey, number>>,
  current: Partial<Record<ProfileTempKey, number>>,
): string | null {
  const value = (k: ProfileTempKey) => next[k] ?? current[k];
  const [ice, eco, comf] = PROFILE_TEMP_KEYS.map(value);
  const pairs: Array<[ProfileTempKey, number | undefined, ProfileTempKey, number | undefined]> = [
    ['ice_temp', ice, 'eco_temp', eco],
    ['eco_temp', eco, 'comf_temp', comf],
    ['ice_temp', ice, 'comf_temp', comf],
  ];
  for (const [lowKey, low, highKey, high] of pairs) {
    if (low === undefined || high === undefined) continue;
    if (low > high + 1e-9) {
      return `${lowKey} must not be above ${highKey} (anti-frost ≤ eco ≤ comfort): ${round1(low)} > ${round1(high)}`;
    }
  }
  return null;
}
