/** A weekday's name in the language (0 Sunday, as the wire counts), from Intl: no strings to translate. */
export function weekdayName(day: number, lang: string, width: 'short' | 'long' = 'short'): string {
  // 2023-01-01 was a Sunday.
  const at = new Date(Date.UTC(2023, 0, 1 + day, 12));
  return new Intl.DateTimeFormat(lang, { weekday: width, timeZone: 'UTC' }).format(at);
}
