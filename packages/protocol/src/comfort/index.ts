// Hearth's own comfort routes beside the per-room settings (docs/comfort.md "In the server"):
// holidays and one-off days per home, the home's comfort summary and what a room has learned.
// JSON, snake_case; the server validates requests with these and the app reads the answers.
import { z } from 'zod';

/** At most this many holidays, and as many one-off days, per home. */
export const COMFORT_HOLIDAYS_MAX = 50;
export const COMFORT_ONE_OFFS_MAX = 50;
/** A holiday lasts at most this many days (from its start to its return time). */
export const COMFORT_HOLIDAY_MAX_DAYS = 366;
/** At most this many rooms named by one holiday or one-off day. */
export const COMFORT_ROOMS_MAX = 200;
/** The away temperature a holiday may hold, °C (the programme resolver's own bounds). */
export const COMFORT_AWAY_MIN_C = 5;
export const COMFORT_AWAY_MAX_C = 30;

/** The kinds of decision the comfort automation records for a room. */
export const COMFORT_DECISION_KINDS = [
  'window-opened',
  'window-closed',
  'override',
  'warmup-started',
  'warmup-finished',
  'holiday-started',
  'holiday-ended',
] as const;
export type ComfortDecisionKind = (typeof COMFORT_DECISION_KINDS)[number];

/** A room of the comfort routes: `<dev_id>/<type>/<addr>`, a node with a room temperature. */
export const COMFORT_ROOM_ID_PATTERN = /^[0-9a-fA-F]{18}\/(htr|acm|thm)\/\d{1,3}$/;
export const COMFORT_ROOM_ID_MAX = 30;
export const comfortRoomIdSchema = z
  .string()
  .max(COMFORT_ROOM_ID_MAX)
  .regex(COMFORT_ROOM_ID_PATTERN, 'must be a room id such as 0123456789abcdef01/htr/2');

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A local wall time as UTC-naive milliseconds, or undefined when it is not a real one. */
export function comfortWallMs(text: string): number | undefined {
  const m = WALL_TIME.exec(text) ?? DATE.exec(text);
  if (!m) return undefined;
  const [y, n, d, h = 0, min = 0] = m.slice(1).map(Number) as number[];
  if (y === undefined || n === undefined || d === undefined) return undefined;
  const ms = Date.UTC(y, n - 1, d, h, min);
  const t = new Date(ms);
  if (t.getUTCMonth() !== n - 1 || t.getUTCDate() !== d || h > 23 || min > 59) return undefined;
  return ms;
}

/** A local wall time without offset, `YYYY-MM-DDTHH:mm`, in the home's time zone. */
export const comfortWallTimeSchema = z
  .string()
  .max(16)
  .regex(WALL_TIME, 'must be a local time as YYYY-MM-DDTHH:mm')
  .refine((s) => comfortWallMs(s) !== undefined, 'is not a real date and time');
/** A local date, `YYYY-MM-DD`. */
export const comfortDateSchema = z
  .string()
  .max(10)
  .regex(DATE, 'must be a date as YYYY-MM-DD')
  .refine((s) => comfortWallMs(s) !== undefined, 'is not a real date');

const weekday = z.number().int().min(0).max(6);
const rooms = z.array(comfortRoomIdSchema).min(1).max(COMFORT_ROOMS_MAX).nullable();

const holidayFields = {
  from: comfortWallTimeSchema,
  /** The return time: the programme (prepared by optimum start) takes over from here. */
  to: comfortWallTimeSchema,
  /** Room ids of this home; null for the whole home. */
  rooms,
  /** Hold this temperature while away… */
  away_c: z.number().min(COMFORT_AWAY_MIN_C).max(COMFORT_AWAY_MAX_C).nullable(),
  /** …or run this weekday's programme (0 = Sunday) every day: exactly one of the two. */
  use_day: weekday.nullable(),
};

export const holidayInput = z.strictObject(holidayFields).superRefine((h, ctx) => {
  if ((h.away_c === null) === (h.use_day === null)) {
    ctx.addIssue({
      code: 'custom',
      path: ['away_c'],
      message: 'give exactly one of away_c (a temperature) and use_day (a weekday profile)',
    });
  }
  const from = comfortWallMs(h.from);
  const to = comfortWallMs(h.to);
  if (from === undefined || to === undefined) return;
  if (to <= from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'the return time must come after from' });
  } else if (to - from > COMFORT_HOLIDAY_MAX_DAYS * 86_400_000) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `a holiday lasts at most ${COMFORT_HOLIDAY_MAX_DAYS} days`,
    });
  }
});
export type HolidayInput = z.infer<typeof holidayInput>;

export const holidayWire = z.object({ id: z.string(), ...holidayFields });
export type HolidayWire = z.infer<typeof holidayWire>;

const oneOffFields = { date: comfortDateSchema, use_day: weekday, rooms };
export const oneOffInput = z.strictObject(oneOffFields);
export type OneOffInput = z.infer<typeof oneOffInput>;
export const oneOffWire = z.object({ id: z.string(), ...oneOffFields });
export type OneOffWire = z.infer<typeof oneOffWire>;

export const holidaysAnswer = z.object({
  /** The home's IANA time zone: every wall time above is read in it. */
  time_zone: z.string(),
  holidays: z.array(holidayWire),
  one_offs: z.array(oneOffWire),
});
export type HolidaysAnswer = z.infer<typeof holidaysAnswer>;

export const comfortPreheating = z.object({
  /** When the warm-up started (ms). */
  since: z.number(),
  target_c: z.number(),
  /** The programmed time it warms toward (ms). */
  by: z.number(),
});

export const comfortSummaryRoom = z.object({
  room: z.string(),
  optimum_start: z.boolean(),
  window_detection: z.boolean(),
  /** While a window holds the room at anti-frost, the hold's latest end (ms); else null. */
  window_hold_until: z.number().nullable(),
  preheating: comfortPreheating.nullable(),
});
export const comfortSummary = z.object({ rooms: z.array(comfortSummaryRoom) });
export type ComfortSummary = z.infer<typeof comfortSummary>;

/** What optimum start has learned of a room (null before anything). `text` is English. */
export const comfortLearned = z.object({
  warmups: z.number(),
  rate_k_per_h: z.number().nullable(),
  at_outdoor_c: z.number().nullable(),
  text: z.string(),
});
export type ComfortLearned = z.infer<typeof comfortLearned>;

export const comfortDecision = z.object({
  id: z.number(),
  at: z.string(),
  kind: z.enum(COMFORT_DECISION_KINDS),
  text: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type ComfortDecision = z.infer<typeof comfortDecision>;
