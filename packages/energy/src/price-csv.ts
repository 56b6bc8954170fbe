import { DYNAMIC_SLOT_MINUTES, PRICE_CSV_MAX_ROWS, PRICE_PER_KWH_MAX } from './constants';
import type { PriceSlot } from './tariff';

/**
 * The dynamic price CSV (docs/energy.md): a header `start,price_per_kwh`, then one row per slot,
 * the start as an ISO 8601 instant with its offset (`2026-01-05T00:30:00+01:00` or `…Z`, so the
 * DST change is never ambiguous) and the price per kWh in the home's currency with a point for
 * decimals. `;` may separate instead of `,`; blank lines and lines starting with `#` are skipped.
 * Slots are 30 or 60 minutes, ascending, aligned on the first; a gap is allowed.
 */
export class PriceCsvError extends Error {
  constructor(
    readonly line: number,
    readonly detail: string,
  ) {
    super(`line ${line}: ${detail}`);
    this.name = 'PriceCsvError';
  }
}

export interface PriceSeries {
  slotMinutes: (typeof DYNAMIC_SLOT_MINUTES)[number];
  prices: PriceSlot[];
}

const HEADER = ['start', 'price_per_kwh'];
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Parses the CSV; every problem is a PriceCsvError naming its line (1-based). */
export function parsePriceCsv(text: string, slotMinutes?: 30 | 60): PriceSeries {
  const rows: { line: number; start: number; price: number }[] = [];
  let headerSeen = false;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i += 1) {
    const line = i + 1;
    const raw = (lines[i] ?? '').trim();
    if (raw === '' || raw.startsWith('#')) continue;
    const cells = raw.split(raw.includes(';') ? ';' : ',').map((c) => c.trim());
    if (!headerSeen) {
      if (cells.length !== 2 || cells.some((c, k) => c.toLowerCase() !== HEADER[k]))
        throw new PriceCsvError(line, `expected the header "${HEADER.join(',')}"`);
      headerSeen = true;
      continue;
    }
    if (cells.length !== 2)
      throw new PriceCsvError(line, `expected 2 cells, found ${cells.length}`);
    const [startText = '', priceText = ''] = cells;
    const start = INSTANT.test(startText) ? Date.parse(startText) : Number.NaN;
    if (Number.isNaN(start))
      throw new PriceCsvError(
        line,
        `"${startText}" is not an instant with its offset, e.g. 2026-01-05T00:30:00+01:00`,
      );
    if (!DECIMAL.test(priceText))
      throw new PriceCsvError(line, `"${priceText}" is not a price (digits, a point for decimals)`);
    const price = Number(priceText);
    if (Math.abs(price) > PRICE_PER_KWH_MAX)
      throw new PriceCsvError(
        line,
        `${priceText} per kWh is implausible (more than ${PRICE_PER_KWH_MAX}); prices per MWh must be divided by 1000`,
      );
    const prev = rows[rows.length - 1];
    if (prev && start <= prev.start)
      throw new PriceCsvError(line, `starts at or before line ${prev.line}; rows must ascend`);
    if (rows.length >= PRICE_CSV_MAX_ROWS)
      throw new PriceCsvError(line, `more than ${PRICE_CSV_MAX_ROWS} rows`);
    rows.push({ line, start, price });
  }
  if (!headerSeen) throw new PriceCsvError(1, `expected the header "${HEADER.join(',')}"`);
  if (rows.length === 0) throw new PriceCsvError(lines.length, 'no price rows');

  const slot = slotMinutes ?? inferSlot(rows);
  const slotMs = slot * 60_000;
  const first = rows[0]?.start ?? 0;
  for (const r of rows) {
    if ((r.start - first) % slotMs !== 0)
      throw new PriceCsvError(r.line, `not on the ${slot}-minute grid of the first row`);
  }
  return { slotMinutes: slot, prices: rows.map((r) => ({ start: r.start, pricePerKwh: r.price })) };
}

function inferSlot(rows: readonly { line: number; start: number }[]): 30 | 60 {
  let step = Infinity;
  let at = rows[0]?.line ?? 1;
  for (let i = 1; i < rows.length; i += 1) {
    const d = (rows[i]?.start ?? 0) - (rows[i - 1]?.start ?? 0);
    if (d < step) {
      step = d;
      at = rows[i]?.line ?? at;
    }
  }
  if (step === Infinity) return 60;
  const minutes = step / 60_000;
  if (minutes === 30 || minutes === 60) return minutes;
  throw new PriceCsvError(at, `slots are ${minutes} minutes apart; they must be 30 or 60`);
}

/** Writes a series in the same format (the parser reads it back unchanged). */
export function formatPriceCsv(series: PriceSeries): string {
  const rows = series.prices.map((p) => `${new Date(p.start).toISOString()},${p.pricePerKwh}`);
  return `${HEADER.join(',')}\n${rows.join('\n')}\n`;
}
