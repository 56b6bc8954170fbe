/**
 * Money in the home's currency as the user's language writes it (12,34 € in Spanish, €12.34 in
 * English). Prices per kWh keep up to four decimals, as tariffs quote them.
 */
export function formatMoney(amount: number, currency: string, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount);
  } catch (err) {
    // A code Intl does not know is still shown, with the amount.
    if (!(err instanceof RangeError)) throw err;
    return `${amount.toFixed(2)} ${currency}`;
  }
}

export function formatPricePerKwh(price: number, currency: string, lang: string): string {
  try {
    return new Intl.NumberFormat(lang, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 4,
    }).format(price);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    return `${price} ${currency}`;
  }
}
