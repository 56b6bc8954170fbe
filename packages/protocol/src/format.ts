/**
 * The wire carries temperatures, offsets and power as strings with one decimal
 * ("20.5", "1497.0"), and power limits as string integers (docs/wire-contract.md §1).
 */
export function formatDecimal(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1);
}

export function formatPowerLimit(watts: number): string {
  return String(Math.round(watts));
}

/** Parses a wire decimal string; `undefined` when it is not a finite number. */
export function parseDecimal(value: string | number | undefined | null): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export function celsiusToFahrenheit(c: number): number {
  return (c * 9) / 5 + 32;
}

export function fahrenheitToCelsius(f: number): number {
  return ((f - 32) * 5) / 9;
}
