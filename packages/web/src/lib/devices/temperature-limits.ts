import {
  celsiusToFahrenheit,
  parseDecimal,
  stepFor,
  type TemperatureUnits,
} from '@hearth/protocol';
import type { LiveNode } from './device-state';

/** The range heaters accept (the reference gateway refuses set points outside 5–30 °C). */
export const HEATER_MIN_C = 5;
export const HEATER_MAX_C = 30;

export interface TemperatureLimits {
  min: number;
  max: number;
  step: number;
  units: TemperatureUnits;
}

function limit(setup: Record<string, unknown> | undefined, key: string): number | undefined {
  const value = setup?.[key];
  return typeof value === 'string' || typeof value === 'number' ? parseDecimal(value) : undefined;
}

/**
 * A node's set-point limits in its status units: the setup's own min/max when it gives them
 * (`min_stemp`, `max_stemp`), else the heater range; step 0.5 °C or 1 °F (spec 3 §5).
 */
export function temperatureLimits(node: Pick<LiveNode, 'status' | 'setup'>): TemperatureLimits {
  const units: TemperatureUnits = node.status?.units === 'F' ? 'F' : 'C';
  const toUnits = (c: number) => (units === 'F' ? celsiusToFahrenheit(c) : c);
  return {
    min: limit(node.setup, 'min_stemp') ?? toUnits(HEATER_MIN_C),
    max: limit(node.setup, 'max_stemp') ?? toUnits(HEATER_MAX_C),
    step: stepFor(units),
    units,
  };
}
