import type { TemperatureUnits } from '../node-types';
import { celsiusToFahrenheit, fahrenheitToCelsius } from '../format';
import { AWAY_OFFSET_C, AWAY_OFFSET_F, TEMP_STEP_C, TEMP_STEP_F } from './constants';

/** Spec 3 §5, §9: temperatures move by 0.5 °C or 1 °F. */
export function stepFor(units: TemperatureUnits): number {
  return units === 'F' ? TEMP_STEP_F : TEMP_STEP_C;
}

/** Rounds to the nearest multiple of `step`, without binary float noise (20.5, not 20.499999). */
export function roundToStep(value: number, step: number): number {
  if (step <= 0) return value;
  const rounded = Math.round(value / step) * step;
  return Number(rounded.toFixed(6));
}

/** Spec 3 §5: clamp to [min, max]; inverted bounds mean the limits are unknown, so nothing is clamped. */
export function clampTemperature(value: number, min: number, max: number): number {
  if (min > max) return value;
  return Math.min(max, Math.max(min, value));
}

/** The same rule serves time controls and sliders. */
export const clampValue = clampTemperature;

export type NudgeDirection = 1 | -1;

export interface NudgeResult {
  value: number;
  /**
   * True when the value was at or past the bound the press ran into: the display shakes for
   * SHAKE_MS.
   */
  hitBound: boolean;
}

/**
 * Spec 3 §5: plus or minus at a bound sets the bound and shakes the display.
 * A press that lands beyond the bound from inside the range stops at the bound without shaking,
 * because the value did move (a polished control only complains when nothing happens).
 */
export function nudgeValue(
  value: number,
  direction: NudgeDirection,
  bounds: { min: number; max: number; step: number },
): NudgeResult {
  const { min, max, step } = bounds;
  const next = roundToStep(value + direction * step, step);
  if (min > max) return { value: next, hitBound: false };
  // Spec 3 §5: at a bound the press sets the bound (and shakes); a value that came in outside
  // the range is brought into it whichever way the press goes.
  if (next > max) return { value: max, hitBound: value >= max };
  if (next < min) return { value: min, hitBound: value <= min };
  return { value: next, hitBound: false };
}

export function nudgeTemperature(
  value: number,
  direction: NudgeDirection,
  limits: { min: number; max: number; units: TemperatureUnits },
): NudgeResult {
  return nudgeValue(value, direction, {
    min: limits.min,
    max: limits.max,
    step: stepFor(limits.units),
  });
}

/** Spec 3 §5: when min or max changes, a value now out of range is pulled back in. */
export function correctForBounds(
  value: number,
  min: number,
  max: number,
): { value: number; corrected: boolean } {
  const clamped = clampTemperature(value, min, max);
  return { value: clamped, corrected: clamped !== value };
}

/** Converts one temperature and rounds it to the step of the target units. */
export function convertTemperature(
  value: number,
  from: TemperatureUnits,
  to: TemperatureUnits,
): number {
  if (from === to) return value;
  const converted = to === 'F' ? celsiusToFahrenheit(value) : fahrenheitToCelsius(value);
  return roundToStep(converted, stepFor(to));
}

/** Converts every entry of a set of temperatures (e.g. comfort, eco, ice, setback). */
export function convertTemperatures<K extends string>(
  values: Readonly<Record<K, number>>,
  from: TemperatureUnits,
  to: TemperatureUnits,
): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const key of Object.keys(values) as K[])
    out[key] = convertTemperature(values[key], from, to);
  return out;
}

/** A temperature difference (away offset) scales by 9/5 but has no +32; kept within the away-offset range. */
export function convertOffset(
  offset: number,
  from: TemperatureUnits,
  to: TemperatureUnits,
): number {
  if (from === to) return offset;
  const range = to === 'F' ? AWAY_OFFSET_F : AWAY_OFFSET_C;
  const converted = to === 'F' ? (offset * 9) / 5 : (offset * 5) / 9;
  return clampTemperature(roundToStep(converted, range.step), range.min, range.max);
}

export function awayOffsetRange(units: TemperatureUnits): {
  min: number;
  max: number;
  step: number;
} {
  return units === 'F' ? AWAY_OFFSET_F : AWAY_OFFSET_C;
}

/**
 * Spec 3 §5: while the edited units differ from the status units, a temperature change is
 * ignored and the edit adopts the status units.
 */
export function reconcileEditUnits(
  editUnits: TemperatureUnits,
  statusUnits: TemperatureUnits,
): { units: TemperatureUnits; applyChange: boolean } {
  return { units: statusUnits, applyChange: editUnits === statusUnits };
}
