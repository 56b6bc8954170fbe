import { priceAt } from '@hearth/energy';
import { zonedParts, zonedWallToMs } from '@hearth/protocol';
import type { Tariff, TouBand } from './energy-api';

/** Weekdays as the app lists them, Monday first (the wire counts 0 = Sunday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
export const WORKDAYS = [1, 2, 3, 4, 5];

/** A weekday's short name in the user's language (0 = Sunday). */
export function weekdayName(day: number, lang: string, width: 'short' | 'long' = 'short'): string {
  // 4 January 2026 is a Sunday.
  return new Intl.DateTimeFormat(lang, { weekday: width, timeZone: 'UTC' }).format(
    Date.UTC(2026, 0, 4 + day),
  );
}

/** A price typed by a person: a point or a comma for decimals; undefined when it is no number. */
export function parsePrice(text: string): number | undefined {
  const t = text.trim().replace(',', '.');
  if (!/^-?\d{1,3}(\.\d{1,6})?$/.test(t)) return undefined;
  return Number(t);
}

/** The local midnight that starts a date `YYYY-MM-DD` in the home's zone (ms). */
export function startOfDate(date: string, timeZone: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  return zonedWallToMs({ y: Number(m[1]), n: Number(m[2]), d: Number(m[3]), h: 0, m: 0 }, timeZone);
}

/** `YYYY-MM-DD` of an instant in the home's zone. */
export function dateOf(ms: number, timeZone: string): string {
  const p = zonedParts(ms, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.y}-${two(p.n)}-${two(p.d)}`;
}

/** The tariff in force at `now`: the last one started; undefined before the first. */
export function tariffInForce(tariffs: readonly Tariff[], now: number): Tariff | undefined {
  let found: Tariff | undefined;
  for (const t of tariffs) if (t.validFrom <= now) found = t;
  return found;
}

/** A band as the form holds it: text fields, so a half-typed price stays as typed. */
export interface BandDraft {
  days: number[];
  from: string;
  to: string;
  price: string;
}

export type BandProblem = 'noDays' | 'emptyBand' | 'badTime' | 'badPrice';

/** What is wrong with a band, if anything (the server refuses the same). */
export function bandProblem(b: BandDraft): BandProblem | undefined {
  if (b.days.length === 0) return 'noDays';
  const time = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
  if (!time.test(b.from) || !time.test(b.to)) return 'badTime';
  if (b.from === b.to) return 'emptyBand';
  if (parsePrice(b.price) === undefined) return 'badPrice';
  return undefined;
}

export function bandOf(b: BandDraft): TouBand {
  const days = [...b.days].sort((x, y) => x - y);
  return { days, from: b.from, to: b.to, pricePerKwh: parsePrice(b.price) ?? 0 };
}

export function draftOf(b: TouBand): BandDraft {
  return { days: [...b.days], from: b.from, to: b.to, price: String(b.pricePerKwh) };
}

/** A new band: workday evenings, the price left for the owner to type. */
export function newBand(): BandDraft {
  return { days: [...WORKDAYS], from: '17:00', to: '21:00', price: '' };
}

/** Weekdays as a short list: "Mon–Fri", "Sat, Sun", "every day". */
export function daysLabel(days: readonly number[], lang: string, everyDay: string): string {
  const set = new Set(days);
  if (set.size === 7) return everyDay;
  const ordered = WEEK_ORDER.filter((d) => set.has(d));
  // A run of three or more days in the week's order is written first–last.
  const runs: number[][] = [];
  for (const d of ordered) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (run && last !== undefined && WEEK_ORDER.indexOf(d) === WEEK_ORDER.indexOf(last as 0) + 1)
      run.push(d);
    else runs.push([d]);
  }
  return runs
    .flatMap((run) =>
      run.length >= 3
        ? [`${weekdayName(run[0] ?? 0, lang)}–${weekdayName(run[run.length - 1] ?? 0, lang)}`]
        : run.map((d) => weekdayName(d, lang)),
    )
    .join(', ');
}

/** The price at an instant from the home's tariffs, as the server prices it (none: undefined). */
export function priceOf(
  tariffs: readonly Tariff[],
  ms: number,
  timeZone: string,
): number | undefined {
  return priceAt({ currency: 'XXX', timeZone, tariffs: [...tariffs] }, ms);
}
