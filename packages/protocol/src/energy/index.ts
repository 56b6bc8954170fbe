// Hearth's own energy routes beside the tariffs and costs (docs/energy.md "In the server"):
// prices from a URL, the power guard and storage heater charge plans. JSON, snake_case; the
// server validates requests with these and the app reads the answers with them.
import { z } from 'zod';

/** A price URL: https on a host the operator allowed (PRICE_URL_HOSTS). */
export const PRICE_SOURCE_URL_MAX = 2048;
/** Slot lengths of a dynamic price series, minutes. */
export const PRICE_SOURCE_SLOT_MINUTES = [30, 60] as const;
/** A price per kWh above this is a price per MWh by mistake (the price CSV's own bound). */
export const PRICE_SOURCE_PRICE_MAX = 100;
/** A stored fetch error is at most this long. */
export const PRICE_SOURCE_ERROR_MAX = 300;

/** A room on the wire of Hearth's own routes: `<dev_id>/<type>/<addr>`. */
export const ROOM_ID_PATTERN = /^[0-9a-fA-F]{18}\/(htr|acm|pmo|thm)\/\d{1,3}$/;
export const ROOM_ID_MAX = 30;
export const roomIdSchema = z
  .string()
  .max(ROOM_ID_MAX)
  .regex(ROOM_ID_PATTERN, 'must be a room id such as 0123456789abcdef01/htr/2');

export function roomId(dev: string, type: string, addr: number): string {
  return `${dev}/${type}/${addr}`;
}
export function parseRoomId(id: string): { dev: string; type: string; addr: number } | undefined {
  if (!ROOM_ID_PATTERN.test(id)) return undefined;
  const [dev = '', type = '', addr = ''] = id.split('/');
  return { dev, type, addr: Number(addr) };
}

const currency = z
  .string()
  .max(3)
  .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code such as EUR');

export const priceSourceBody = z.object({
  url: z.string().max(PRICE_SOURCE_URL_MAX).url(),
  currency,
  slot_minutes: z.union([z.literal(30), z.literal(60)]).optional(),
  fallback_price_per_kwh: z
    .number()
    .min(-PRICE_SOURCE_PRICE_MAX)
    .max(PRICE_SOURCE_PRICE_MAX)
    .optional(),
});
export type PriceSourceBody = z.infer<typeof priceSourceBody>;

export const priceSourceAnswer = z.object({
  url: z.string(),
  currency: z.string(),
  /** When prices were last fetched and stored (ms), null before the first success. */
  last_fetch_ms: z.number().nullable(),
  /** Why the last fetch failed, null when it succeeded; never holds the URL's query or secrets. */
  last_error: z.string().nullable(),
});
export type PriceSourceAnswer = z.infer<typeof priceSourceAnswer>;

/** Caps of the power guard, kW: a home's supply is far below 1 MW. */
export const POWER_GUARD_CAP_MAX_KW = 1000;
/** At most this many rooms in the owner's order. */
export const POWER_GUARD_PRIORITY_MAX = 200;

export const powerGuardSettings = z.object({
  enabled: z.boolean(),
  dry_run: z.boolean(),
  /** Cap on each clock hour's average draw, kW. */
  cap_kw: z.number().positive().max(POWER_GUARD_CAP_MAX_KW),
  /** Cap on the instant draw (the breaker), kW; null for none. */
  instant_cap_kw: z.number().positive().max(POWER_GUARD_CAP_MAX_KW).nullable(),
  /** Room ids, lowest lowered first. */
  priority: z.array(roomIdSchema).max(POWER_GUARD_PRIORITY_MAX),
  /** The power monitor's room id (type pmo); null picks the home's only one. */
  monitor: roomIdSchema.nullable(),
});
export type PowerGuardSettings = z.infer<typeof powerGuardSettings>;

export const POWER_GUARD_ACTION_KINDS = ['lower', 'restore', 'release', 'unable'] as const;
export type PowerGuardActionKind = (typeof POWER_GUARD_ACTION_KINDS)[number];
export const POWER_GUARD_ACTIONS_LIMIT_MAX = 500;

export const powerGuardActionsQuery = z.object({
  limit: z
    .string()
    .max(3)
    .regex(/^\d{1,3}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(POWER_GUARD_ACTIONS_LIMIT_MAX))
    .optional(),
});

export const powerGuardAction = z.object({
  id: z.string(),
  /** ms */
  at: z.number(),
  /** Room id; empty for an `unable` about the whole home. */
  room: z.string(),
  kind: z.enum(POWER_GUARD_ACTION_KINDS),
  /** The set point it went to, °C; null for `unable`. */
  to_c: z.number().nullable(),
  dry_run: z.boolean(),
  /** English, e.g. "14:05 lowered Kitchen to 17 °C for 10 min: …"; the app words `detail` itself. */
  text: z.string(),
  detail: z
    .object({
      reason: z.string(),
      projected_kw: z.number().optional(),
      cap_kw: z.number().optional(),
      minutes: z.number().optional(),
    })
    .passthrough(),
});
export type PowerGuardAction = z.infer<typeof powerGuardAction>;
export const powerGuardActionsAnswer = z.object({ actions: z.array(powerGuardAction) });

export const CHARGE_PLAN_MIN_BLOCKS = [30, 60, 90, 120] as const;
export const chargePlanSettings = z.object({
  enabled: z.boolean(),
  target_pct: z.number().min(0).max(100),
  /** Wall time in the home's zone, HH:mm. */
  ready_by: z
    .string()
    .max(5)
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a wall time HH:mm such as 07:00'),
  min_block_min: z.union([z.literal(30), z.literal(60), z.literal(90), z.literal(120)]),
});
export type ChargePlanSettings = z.infer<typeof chargePlanSettings>;

export const chargePlanSlot = z.object({
  start_ms: z.number(),
  end_ms: z.number(),
  kwh: z.number(),
  price_per_kwh: z.number(),
});
export const chargePlan = z.object({
  from_ms: z.number(),
  to_ms: z.number(),
  slots: z.array(chargePlanSlot),
  cost: z.number(),
  currency: z.string(),
  reaches_target: z.boolean(),
  text: z.string(),
});
export type ChargePlan = z.infer<typeof chargePlan>;
export const chargePlanAnswer = chargePlanSettings.extend({ plan: chargePlan.nullable() });
export type ChargePlanAnswer = z.infer<typeof chargePlanAnswer>;
