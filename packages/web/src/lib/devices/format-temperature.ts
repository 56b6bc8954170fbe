import { parseDecimal, type TemperatureUnits } from '@hearth/protocol';

// One formatter per language: building one costs far more than formatting with it.
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string): Intl.NumberFormat {
  let made = formatters.get(locale);
  if (!made) {
    made = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    formatters.set(locale, made);
  }
  return made;
}

/** "19.5 °C" in the user's number format; a dash when the device sent nothing usable. */
export function formatTemperature(
  value: string | number | undefined,
  units: TemperatureUnits | undefined,
  locale: string,
): string {
  const n = parseDecimal(value);
  if (n === undefined) return '–';
  const text = formatter(locale).format(n);
  return `${text} °${units ?? 'C'}`;
}
