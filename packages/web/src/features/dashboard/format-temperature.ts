import { parseDecimal, type TemperatureUnits } from '@hearth/protocol';

/** "19.5 °C" in the user's number format; a dash when the device sent nothing usable. */
export function formatTemperature(
  value: string | undefined,
  units: TemperatureUnits | undefined,
  locale: string,
): string {
  const n = parseDecimal(value);
  if (n === undefined) return '–';
  const text = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(n);
  return `${text} °${units ?? 'C'}`;
}
