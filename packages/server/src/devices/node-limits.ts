import {
  celsiusToFahrenheit,
  fahrenheitToCelsius,
  parseDecimal,
  type TemperatureUnits,
} from '@hearth/protocol';
import { badRequest } from '../errors';
import type { NodeRow } from '../repositories/nodes.repository';

/** The range heaters accept when the device gives none (the reference gateway's range). */
export const DEFAULT_MIN_C = 5;
export const DEFAULT_MAX_C = 30;

function numberAt(source: unknown, key: string): number | undefined {
  if (source === null || typeof source !== 'object') return undefined;
  const value = (source as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'number' ? parseDecimal(value) : undefined;
}

function convert(value: number, from: TemperatureUnits, to: TemperatureUnits): number {
  if (from === to) return value;
  return to === 'F' ? celsiusToFahrenheit(value) : fahrenheitToCelsius(value);
}

/**
 * The node's set-point range in `units`: `min_stemp`/`max_stemp` of the setup or of its
 * factory options (in the setup's units), else 5–30 °C (41–86 °F).
 */
export function temperatureRange(
  node: Pick<NodeRow, 'setup' | 'status'>,
  units: TemperatureUnits,
): { min: number; max: number } {
  const setup = node.setup ?? {};
  const own: TemperatureUnits =
    setup.units === 'F' || (setup.units === undefined && node.status?.units === 'F') ? 'F' : 'C';
  const min = numberAt(setup, 'min_stemp') ?? numberAt(setup.factory_options, 'min_stemp');
  const max = numberAt(setup, 'max_stemp') ?? numberAt(setup.factory_options, 'max_stemp');
  return {
    min: min === undefined ? convert(DEFAULT_MIN_C, 'C', units) : convert(min, own, units),
    max: max === undefined ? convert(DEFAULT_MAX_C, 'C', units) : convert(max, own, units),
  };
}

/** 400 when any given temperature is outside the node's range; nothing is stored before this. */
export function checkTemperatures(
  node: Pick<NodeRow, 'setup' | 'status'>,
  units: TemperatureUnits | undefined,
  values: Record<string, string | undefined>,
): void {
  const given = Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined);
  if (given.length === 0 || !units) return;
  const { min, max } = temperatureRange(node, units);
  for (const [key, text] of given) {
    const value = Number(text);
    // A tolerance absorbs the rounding of converted limits (86 °F is 30 °C).
    if (value < min - 0.05 || value > max + 0.05) {
      throw badRequest(`${key} must be between ${round(min)} and ${round(max)} °${units}`);
    }
  }
}

const round = (n: number) => Math.round(n * 10) / 10;
