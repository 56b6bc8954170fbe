import { deviceClockAt, zonedWallToMs } from '@hearth/protocol';
import { z } from 'zod';
import { DYNAMIC_SLOT_MINUTES, PRICE_PER_KWH_MAX } from './constants';

/**
 * A home's tariffs: each valid from an instant until the next one starts, so the cost of a past
 * interval uses the tariff that was valid then. Prices are per kWh in the home's currency.
 */
const price = z.number().finite().min(-PRICE_PER_KWH_MAX).max(PRICE_PER_KWH_MAX);
const wallTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'a time of day as HH:MM (00:00–24:00)');

export const flatTariffSchema = z.object({
  kind: z.literal('flat'),
  validFrom: z.number().int(),
  pricePerKwh: price,
});

/** A band of a time-of-use tariff: on the given weekdays (0 = Sunday), from–to in wall time. */
export const touBandSchema = z
  .object({
    days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
    from: wallTime,
    to: wallTime,
    pricePerKwh: price,
  })
  .refine((b) => b.from !== b.to, 'a band from a time to the same time is empty');

export const touTariffSchema = z.object({
  kind: z.literal('time-of-use'),
  validFrom: z.number().int(),
  /** The price outside every band. */
  basePricePerKwh: price,
  /** Bands may cross midnight (22:00–06:00 starts on its listed day); the first match wins. */
  bands: z.array(touBandSchema).max(50),
});

export const priceSlotSchema = z.object({ start: z.number().int(), pricePerKwh: price });

export const dynamicTariffSchema = z.object({
  kind: z.literal('dynamic'),
  validFrom: z.number().int(),
  slotMinutes: z.union([z.literal(DYNAMIC_SLOT_MINUTES[0]), z.literal(DYNAMIC_SLOT_MINUTES[1])]),
  /** Ascending, each slot `slotMinutes` long; gaps are allowed (the fallback price applies). */
  prices: z.array(priceSlotSchema),
  /** The price where no slot is known (none: that energy stays unpriced). */
  fallbackPricePerKwh: price.optional(),
});

export const tariffSchema = z.discriminatedUnion('kind', [
  flatTariffSchema,
  touTariffSchema,
  dynamicTariffSchema,
]);

export const tariffHistorySchema = z
  .object({
    /** ISO 4217 code, e.g. EUR. */
    currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code such as EUR'),
    /** The home's IANA time zone: days, months and time-of-use bands are in its wall time. */
    timeZone: z.string().refine(isTimeZone, 'an IANA time zone such as Europe/Madrid'),
    tariffs: z.array(tariffSchema).max(500),
  })
  .refine(
    (h) => h.tariffs.every((t, i) => i === 0 || t.validFrom > (h.tariffs[i - 1]?.validFrom ?? 0)),
    'tariffs are listed by validFrom, each later than the one before',
  );

export type FlatTariff = z.infer<typeof flatTariffSchema>;
export type TouBand = z.infer<typeof touBandSchema>;
export type TouTariff = z.infer<typeof touTariffSchema>;
export type PriceSlot = z.infer<typeof priceSlotSchema>;
export type DynamicTariff = z.infer<typeof dynamicTariffSchema>;
export type Tariff = z.infer<typeof tariffSchema>;
export type TariffHistory = z.infer<typeof tariffHistorySchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function minutesOf(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** The tariff valid at `ms`, or undefined before the first one. */
export function tariffAt(history: TariffHistory, ms: number): Tariff | undefined {
  let found: Tariff | undefined;
  for (const t of history.tariffs) {
    if (t.validFrom <= ms) found = t;
    else break;
  }
  return found;
}

function touPrice(t: TouTariff, ms: number, timeZone: string): number {
  const c = deviceClockAt(ms, timeZone);
  const minute = c.h * 60 + c.m;
  for (const b of t.bands) {
    const from = minutesOf(b.from);
    const to = minutesOf(b.to);
    if (from < to) {
      if (b.days.includes(c.w) && minute >= from && minute < to) return b.pricePerKwh;
    } else {
      // Crosses midnight: the evening part on a listed day, the morning part on the day after.
      if (b.days.includes(c.w) && minute >= from) return b.pricePerKwh;
      if (b.days.includes((c.w + 6) % 7) && minute < to) return b.pricePerKwh;
    }
  }
  return t.basePricePerKwh;
}

function slotIndex(t: DynamicTariff, ms: number): number {
  // The last slot starting at or before ms.
  let lo = 0;
  let hi = t.prices.length - 1;
  let best = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((t.prices[mid]?.start ?? Infinity) <= ms) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}

function dynamicPrice(t: DynamicTariff, ms: number): number | undefined {
  const i = slotIndex(t, ms);
  const slot = i >= 0 ? t.prices[i] : undefined;
  if (slot && ms < slot.start + t.slotMinutes * 60_000) return slot.pricePerKwh;
  return t.fallbackPricePerKwh;
}

/** The price per kWh at `ms`; undefined before the first tariff or in a dynamic gap. */
export function priceAt(history: TariffHistory, ms: number): number | undefined {
  const t = tariffAt(history, ms);
  if (!t) return undefined;
  if (t.kind === 'flat') return t.pricePerKwh;
  if (t.kind === 'time-of-use') return touPrice(t, ms, history.timeZone);
  return dynamicPrice(t, ms);
}

/** The next local midnight after `ms` in the zone. */
export function nextLocalMidnight(ms: number, timeZone: string): number {
  const c = deviceClockAt(ms, timeZone);
  const next = new Date(Date.UTC(c.y, c.n - 1, c.d + 1));
  return zonedWallToMs(
    { y: next.getUTCFullYear(), n: next.getUTCMonth() + 1, d: next.getUTCDate(), h: 0, m: 0 },
    timeZone,
  );
}

function nextTouEdge(t: TouTariff, ms: number, timeZone: string): number {
  const c = deviceClockAt(ms, timeZone);
  const minute = c.h * 60 + c.m;
  const edges = new Set<number>();
  for (const b of t.bands) {
    edges.add(minutesOf(b.from));
    edges.add(minutesOf(b.to));
  }
  let best = Infinity;
  for (const e of edges) {
    if (e > minute && e < 24 * 60) {
      const at = zonedWallToMs(
        { y: c.y, n: c.n, d: c.d, h: Math.floor(e / 60), m: e % 60 },
        timeZone,
      );
      if (at > ms) best = Math.min(best, at);
    }
  }
  return Math.min(best, nextLocalMidnight(ms, timeZone));
}

function nextDynamicEdge(t: DynamicTariff, ms: number): number {
  const i = slotIndex(t, ms);
  const slot = i >= 0 ? t.prices[i] : undefined;
  const end = slot ? slot.start + t.slotMinutes * 60_000 : -Infinity;
  if (end > ms) return end;
  const next = t.prices[i + 1];
  return next ? next.start : Infinity;
}

/** The next instant after `ms` at which the price may change (Infinity: never). */
export function nextPriceChange(history: TariffHistory, ms: number): number {
  const i = history.tariffs.findIndex((t) => t.validFrom > ms);
  const nextTariff = i >= 0 ? (history.tariffs[i]?.validFrom ?? Infinity) : Infinity;
  const t = tariffAt(history, ms);
  let edge = Infinity;
  if (t?.kind === 'time-of-use') edge = nextTouEdge(t, ms, history.timeZone);
  else if (t?.kind === 'dynamic') edge = nextDynamicEdge(t, ms);
  // Never stall: a wall time that DST skipped can map back onto ms itself.
  const next = Math.min(nextTariff, edge);
  return next > ms ? next : ms + 60_000;
}

/** A span with one price (undefined: no price known). */
export interface PriceSegment {
  start: number;
  end: number;
  pricePerKwh: number | undefined;
}

/** [start, end) cut where the price changes. */
export function priceSegments(history: TariffHistory, start: number, end: number): PriceSegment[] {
  const out: PriceSegment[] = [];
  let at = start;
  while (at < end) {
    const next = Math.min(end, nextPriceChange(history, at));
    out.push({ start: at, end: next, pricePerKwh: priceAt(history, at) });
    at = next;
  }
  return out;
}

/** The time-weighted mean price over [start, end); undefined where any part has no price. */
export function meanPrice(history: TariffHistory, start: number, end: number): number | undefined {
  let sum = 0;
  for (const s of priceSegments(history, start, end)) {
    if (s.pricePerKwh === undefined) return undefined;
    sum += s.pricePerKwh * (s.end - s.start);
  }
  return end > start ? sum / (end - start) : priceAt(history, start);
}

/** Reads and checks a tariff history from untrusted JSON; throws a ZodError that names the field. */
export function parseTariffHistory(value: unknown): TariffHistory {
  return tariffHistorySchema.parse(value);
}
