import { z } from 'zod';
import {
  dynamicTariffSchema,
  flatTariffSchema,
  PRICE_CSV_MAX_ROWS,
  PRICE_PER_KWH_MAX,
  tariffSchema,
  touTariffSchema,
  type Tariff,
} from '@hearth/energy';

/** Tariffs start between 2000 and 2100 (ms): a date outside is a unit mistake, not a tariff. */
export const VALID_FROM_MIN_MS = Date.UTC(2000, 0, 1);
export const VALID_FROM_MAX_MS = Date.UTC(2100, 0, 1);
/** A JSON tariff body: a dynamic tariff of PRICE_CSV_MAX_ROWS slots fits with room to spare. */
export const TARIFF_BODY_MAX_BYTES = 2 * 1024 * 1024;
/** A price CSV: PRICE_CSV_MAX_ROWS rows of an instant with its offset and a price. */
export const PRICE_CSV_MAX_BYTES = 2 * 1024 * 1024;
/** Costs are read for at most this long a span at a time (a year chart with the months around). */
export const COSTS_MAX_SPAN_S = 400 * 86_400;

const validFrom = z.number().int().min(VALID_FROM_MIN_MS).max(VALID_FROM_MAX_MS);
export const currencySchema = z
  .string()
  .max(3)
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code such as EUR');

function dynamicProblem(t: Tariff): string | undefined {
  if (t.kind !== 'dynamic') return undefined;
  if (t.prices.length > PRICE_CSV_MAX_ROWS) return `at most ${PRICE_CSV_MAX_ROWS} price slots`;
  const slotMs = t.slotMinutes * 60_000;
  const first = t.prices[0]?.start ?? 0;
  for (let i = 0; i < t.prices.length; i += 1) {
    const p = t.prices[i];
    const prev = t.prices[i - 1];
    if (!p) continue;
    if (prev && p.start <= prev.start) return `prices[${i}] starts at or before prices[${i - 1}]`;
    if ((p.start - first) % slotMs !== 0)
      return `prices[${i}] is not on the ${t.slotMinutes}-minute grid of the first slot`;
  }
  return undefined;
}

/** `@hearth/energy`'s tariff, with a plausible start and a dynamic series that ascends on its grid. */
export const storedTariffSchema = tariffSchema
  .and(z.object({ validFrom }))
  .superRefine((t, ctx) => {
    const problem = dynamicProblem(t);
    if (problem) ctx.addIssue({ code: 'custom', path: ['prices'], message: problem });
  });

/** A time of a band is HH:MM: bounded before the energy package's own checks read it. */
const boundedBand = z.object({
  days: z.array(z.number().int().min(0).max(6)).min(1).max(7),
  from: z.string().max(5),
  to: z.string().max(5),
  pricePerKwh: z.number(),
});
const boundedTariff = z.discriminatedUnion('kind', [
  flatTariffSchema,
  touTariffSchema.extend({ bands: z.array(boundedBand).max(50) }),
  dynamicTariffSchema,
]);

export const tariffBody = z.object({
  currency: currencySchema,
  tariff: boundedTariff.pipe(storedTariffSchema),
});

export const csvQuery = z.object({
  currency: currencySchema,
  /** ms; the first slot's start when left out. */
  valid_from: z
    .string()
    .max(15)
    .regex(/^\d{1,15}$/, 'must be ms since the epoch')
    .transform(Number)
    .pipe(validFrom)
    .optional(),
  slot_minutes: z.enum(['30', '60']).transform(Number).optional(),
  fallback_price_per_kwh: z
    .string()
    .max(12)
    .regex(/^-?\d{1,3}(\.\d{1,6})?$/, 'must be a price per kWh with a point for decimals')
    .transform(Number)
    .pipe(z.number().min(-PRICE_PER_KWH_MAX).max(PRICE_PER_KWH_MAX))
    .optional(),
});

export const historyAnswer = z.object({
  /** Null while the home has no tariff. */
  currency: z.string().nullable(),
  time_zone: z.string(),
  tariffs: z.array(tariffSchema),
});

const seconds = z
  .string()
  .max(15)
  .regex(/^\d{1,15}$/, 'must be whole seconds since the epoch, e.g. 1700000000')
  .transform(Number);

export const costsQuery = z
  .object({ start: seconds, end: seconds, group: z.enum(['day', 'month', 'year']) })
  .refine((q) => q.end > q.start, { message: 'end must be after start', path: ['end'] })
  .refine((q) => q.end - q.start <= COSTS_MAX_SPAN_S, {
    message: 'ask for at most 400 days at a time',
    path: ['end'],
  });

const bucket = z.object({
  /** `2026-01-05`, `2026-01` or `2026` in the home's calendar. */
  key: z.string(),
  /** Seconds since the epoch: the local midnight that starts and ends the bucket. */
  start: z.number(),
  end: z.number(),
  kwh: z.number(),
  cost: z.number(),
  /** Energy used while no tariff had a price: never counted as free. */
  unpriced_kwh: z.number(),
});

export const costsAnswer = z.object({
  currency: z.string().nullable(),
  time_zone: z.string(),
  group: z.enum(['day', 'month', 'year']),
  home: z.object({ buckets: z.array(bucket) }),
  nodes: z.array(
    z.object({
      dev: z.string(),
      type: z.string(),
      addr: z.number(),
      name: z.string(),
      buckets: z.array(bucket),
    }),
  ),
  month_to_date: z.object({
    key: z.string(),
    start: z.number(),
    end: z.number(),
    kwh_to_date: z.number(),
    cost_to_date: z.number(),
    unpriced_kwh_to_date: z.number(),
    projected_kwh: z.number(),
    projected_cost: z.number(),
    basis: z.enum(['trailing-days', 'month-to-date', 'none']),
  }),
});
export type CostsAnswer = z.infer<typeof costsAnswer>;
