import {
  celsiusToFahrenheit,
  fahrenheitToCelsius,
  formatDecimal,
  type TemperatureUnits,
} from '@hearth/protocol';

/** The model keeps °C; the wire speaks the node's units. */
export function toCelsius(value: number, units: TemperatureUnits): number {
  return units === 'F' ? fahrenheitToCelsius(value) : value;
}

export function fromCelsius(c: number, units: TemperatureUnits): number {
  return units === 'F' ? celsiusToFahrenheit(c) : c;
}

export function formatTemp(c: number, units: TemperatureUnits): string {
  return formatDecimal(fromCelsius(c, units));
}

/** A temperature difference (offsets) in the other unit. */
export function convertDelta(value: number, from: TemperatureUnits, to: TemperatureUnits): number {
  if (from === to) return value;
  return to === 'F' ? (value * 9) / 5 : (value * 5) / 9;
}
