import type { ChartLabel, RecordsPeriod } from '@hearth/protocol';

/** The year chart's month numbers become the language's month names; days and times stay. */
export function displayLabels(
  p: RecordsPeriod,
  labels: readonly ChartLabel[],
  lang: string,
): string[] {
  if (p.scope !== 'year') return labels.map((l) => l.label);
  const fmt = new Intl.DateTimeFormat(lang, { month: 'short', timeZone: 'UTC' });
  return labels.map((l) => fmt.format(new Date(Date.UTC(2023, Number(l.label) - 1, 15))));
}

export function longMonthName(month: number, lang: string): string {
  return new Intl.DateTimeFormat(lang, { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2023, month - 1, 15)),
  );
}
