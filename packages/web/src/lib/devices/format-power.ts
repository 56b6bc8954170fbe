import type { TFunction } from 'i18next';

// One formatter per language: building one costs far more than formatting with it.
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(locale: string): Intl.NumberFormat {
  let made = formatters.get(locale);
  if (!made) {
    made = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    formatters.set(locale, made);
  }
  return made;
}

/** A power in watts as kilowatts in the user's number format, one decimal at most: "5,5". */
export function formatKilowattNumber(watts: number, locale: string): string {
  return formatter(locale).format(watts / 1000);
}

/** A power in watts as kilowatts with the language's unit: "5,5 kW", "5,5 кВт". */
export function formatKilowatts(watts: number, locale: string, t: TFunction): string {
  return t('units.kilowatts', { value: formatKilowattNumber(watts, locale) });
}
