import { CSV_BOM, CSV_SEPARATOR } from './constants';
import { isEnglish } from './week';
import type { RecordsPeriod } from './records-period';

export type CsvCell = string | number | null | undefined;

/**
 * Semicolon CSV is what spreadsheets in comma-decimal locales open directly, so numbers use
 * the language's decimal mark: "." for English, "," otherwise (our choice; the spec names only
 * the separator and the BOM).
 */
export function csvDecimalSeparator(lang: string): '.' | ',' {
  return isEnglish(lang) ? '.' : ',';
}

const fixedFormats = new Map<number, Intl.NumberFormat>();

/**
 * The one rounding of records numbers, for the CSV and the "Show the data" table alike.
 * `toFixed` rounds the binary value (1.0005 is 1.000499…, so "1.000") where the table's
 * Intl.NumberFormat rounds the decimal one ("1.001"); two paths disagreed on such rows.
 */
export function formatCsvNumber(
  value: number,
  decimals: number,
  decimalSeparator: '.' | ',',
): string {
  let format = fixedFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: false,
    });
    fixedFormats.set(decimals, format);
  }
  const fixed = format.format(value);
  return decimalSeparator === '.' ? fixed : fixed.replace('.', ',');
}

/** A records number as the user's language writes it, the same text as in the CSV. */
export function formatRecordsNumber(value: number, decimals: number, lang: string): string {
  return formatCsvNumber(value, decimals, csvDecimalSeparator(lang));
}

/** Decimals of a consumption: energy to the Wh (kWh with 3), average power in whole watts. */
export function consumptionDecimals(unit: string): number {
  return unit === 'W' ? 0 : 3;
}

function escapeCell(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface CsvColumn {
  header: string;
  /** Decimals for numeric cells of this column. */
  decimals?: number;
}

/** A BOM, then header and rows joined by ";" and CRLF. Empty cells stay empty. */
export function buildCsv(
  columns: readonly CsvColumn[],
  rows: readonly (readonly CsvCell[])[],
  lang: string,
): string {
  const sep = csvDecimalSeparator(lang);
  const cell = (v: CsvCell, col: CsvColumn | undefined): string => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'number')
      return Number.isFinite(v) ? formatCsvNumber(v, col?.decimals ?? 0, sep) : '';
    return escapeCell(v);
  };
  const lines = [
    columns.map((c) => escapeCell(c.header)).join(CSV_SEPARATOR),
    ...rows.map((r) => r.map((v, i) => cell(v, columns[i])).join(CSV_SEPARATOR)),
  ];
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

export interface RecordsCsvInput {
  /** Translated headers: time column, consumption (kWh), temperature (°C). */
  headers: { time: string; consumption: string; temperature?: string };
  /** One label per bucket, as chartLabels gives them (all of them, not only the shown ones). */
  labels: readonly string[];
  consumption: readonly (number | null)[];
  temperature?: readonly (number | null)[];
  lang: string;
  /** The consumption's unit (kWh, or W for the detailed day); decimals follow it. */
  unit?: string;
}

/** Consumption in kWh to the Wh (3 decimals), temperatures with one decimal, like the numeric label. */
export function recordsCsv(input: RecordsCsvInput): string {
  const columns: CsvColumn[] = [
    { header: input.headers.time },
    { header: input.headers.consumption, decimals: consumptionDecimals(input.unit ?? 'kWh') },
  ];
  const withTemp = input.temperature !== undefined && input.headers.temperature !== undefined;
  if (withTemp) columns.push({ header: input.headers.temperature ?? '', decimals: 1 });
  const rows = input.labels.map((label, i) => {
    const row: CsvCell[] = [label, input.consumption[i] ?? null];
    if (withTemp) row.push(input.temperature?.[i] ?? null);
    return row;
  });
  return buildCsv(columns, rows, input.lang);
}

/** A file name a user recognises: title and period, safe on every file system. */
export function recordsCsvFileName(title: string, p: RecordsPeriod): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const when =
    p.scope === 'year'
      ? `${p.year}`
      : p.scope === 'month'
        ? `${p.year}-${pad(p.month)}`
        : `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  const safe = title
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .trim()
    .replace(/\s+/g, '_');
  return `${safe === '' ? 'records' : safe}_${when}.csv`;
}
