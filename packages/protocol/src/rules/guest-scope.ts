import { z } from 'zod';
import { deviceClockAt } from '../device-clock';

/**
 * Roles of the people a home is shared with (docs/sharing.md). The owner may do everything; a
 * resident controls heating and writes schedules; a guest only changes set point, mode and
 * boost, within the scope the owner gave. On the smartbox wire both members answer as `guest`.
 */
export const SHARE_ROLES = ['resident', 'guest'] as const;
export type ShareRole = (typeof SHARE_ROLES)[number];
/** Every role of a home, the owner's included. */
export type HomeRole = 'owner' | ShareRole;

/** The writes a guest may make, each of protocol's node write table (docs/sharing.md). */
export const GUEST_NODE_WRITES = ['status', 'mode', 'boost'] as const;
/** The fields of those writes a guest may send; any other field is a resident's right. */
export const GUEST_WRITE_FIELDS = [
  'mode',
  'stemp',
  'units',
  'boost',
  'time',
  'active',
  'temperature',
] as const;

/** Scope limits (docs/sharing.md): a sharing spans at most this many rooms and weekly slots. */
export const GUEST_SCOPE_MAX_NODES = 200;
export const GUEST_SCOPE_MAX_WEEKLY = 28;

const localDate = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'must be a real date');
const wallTime = z
  .string()
  .max(5)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be HH:MM');
const celsius = z.number().min(-20).max(60);

/** A guest's scope: absent fields do not restrict (docs/sharing.md "Scope"). */
export const guestScopeSchema = z
  .strictObject({
    nodes: z
      .array(
        z.strictObject({
          devId: z.string().min(1).max(64),
          type: z.string().min(1).max(16),
          addr: z.number().int().min(0).max(2_147_483_647),
        }),
      )
      .max(GUEST_SCOPE_MAX_NODES)
      .optional(),
    minC: celsius.optional(),
    maxC: celsius.optional(),
    modes: z.array(z.string().min(1).max(16)).max(16).optional(),
    boost: z.boolean().optional(),
    validFrom: localDate.optional(),
    validTo: localDate.optional(),
    weekly: z
      .array(z.strictObject({ day: z.number().int().min(0).max(6), from: wallTime, to: wallTime }))
      .max(GUEST_SCOPE_MAX_WEEKLY)
      .optional(),
  })
  .refine((s) => s.minC === undefined || s.maxC === undefined || s.minC <= s.maxC, {
    message: 'minC must not be above maxC',
  })
  .refine((s) => !s.validFrom || !s.validTo || s.validFrom <= s.validTo, {
    message: 'validFrom must not be after validTo',
  })
  .refine((s) => (s.weekly ?? []).every((w) => w.from !== w.to), {
    message: 'a weekly slot must not start and end at the same time',
  });
export type GuestScope = z.infer<typeof guestScopeSchema>;

/** Why a guest may not do something now; each is worded in `SCOPE_PROBLEM_TEXT`. */
export const SCOPE_PROBLEMS = [
  'not_yet_valid',
  'expired',
  'outside_hours',
  'node_not_shared',
  'below_min',
  'above_max',
  'mode_not_allowed',
  'boost_not_allowed',
  'write_not_allowed',
] as const;
export type ScopeProblem = (typeof SCOPE_PROBLEMS)[number];

/** English wording of each problem, for error messages (the app words them itself). */
export const SCOPE_PROBLEM_TEXT: Readonly<Record<ScopeProblem, string>> = {
  not_yet_valid: 'Your access to this home has not started yet',
  expired: 'Your access to this home has ended',
  outside_hours: 'Your access to this home is outside its weekly hours now',
  node_not_shared: 'This room is not shared with you',
  below_min: 'The set point is below the lowest you may set',
  above_max: 'The set point is above the highest you may set',
  mode_not_allowed: 'You may not choose this mode',
  boost_not_allowed: 'You may not start a boost',
  write_not_allowed: 'Guests may only change the set point, mode and boost',
};

/** Problems after which the guest has no access to the home at all. */
export const WINDOW_PROBLEMS: readonly ScopeProblem[] = [
  'not_yet_valid',
  'expired',
  'outside_hours',
];

export interface ScopeNode {
  devId: string;
  type: string;
  addr: number;
}
/** A guest's status write, temperatures in °C. */
export interface ScopeWrite {
  stempC?: number | undefined;
  mode?: string | undefined;
  boost?: boolean | undefined;
}
export interface ScopeQuestion {
  /** Epoch milliseconds. */
  now: number;
  /** The home's IANA zone: dates and weekly hours are its wall clock. */
  timeZone: string;
  node?: ScopeNode | undefined;
  write?: ScopeWrite | undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const MINUTES_PER_WEEK = 7 * 24 * 60;

/**
 * Whether a weekly slot holds the wall minute of the week `at` (0 = Sunday 00:00). A slot whose
 * `to` is not after its `from` runs past midnight into the next day; `to` is exclusive.
 */
function inSlot(slot: { day: number; from: string; to: string }, at: number): boolean {
  const start = slot.day * 1440 + minutesOf(slot.from);
  let length = minutesOf(slot.to) - minutesOf(slot.from);
  if (length <= 0) length += 1440;
  const offset = (((at - start) % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
  return offset < length;
}

/** The window part of `scopeProblem`: dates and weekly hours on the home's wall clock. */
export function scopeWindowProblem(
  scope: GuestScope,
  now: number,
  timeZone: string,
): ScopeProblem | null {
  const wall = deviceClockAt(now, timeZone);
  const today = `${wall.y}-${pad(wall.n)}-${pad(wall.d)}`;
  if (scope.validFrom && today < scope.validFrom) return 'not_yet_valid';
  if (scope.validTo && today > scope.validTo) return 'expired';
  const weekly = scope.weekly ?? [];
  if (weekly.length > 0) {
    const at = wall.w * 1440 + wall.h * 60 + wall.m;
    if (!weekly.some((slot) => inSlot(slot, at))) return 'outside_hours';
  }
  return null;
}

/**
 * What keeps a guest with `scope` from seeing `node` or making `write` now, or null when
 * nothing does (docs/sharing.md). Absent scope fields do not restrict.
 */
export function scopeProblem(scope: GuestScope, q: ScopeQuestion): ScopeProblem | null {
  const window = scopeWindowProblem(scope, q.now, q.timeZone);
  if (window) return window;
  const { node, write } = q;
  if (node && scope.nodes) {
    const shared = scope.nodes.some(
      (n) => n.devId === node.devId && n.type === node.type && n.addr === node.addr,
    );
    if (!shared) return 'node_not_shared';
  }
  if (!write) return null;
  if (write.stempC !== undefined) {
    if (scope.minC !== undefined && write.stempC < scope.minC) return 'below_min';
    if (scope.maxC !== undefined && write.stempC > scope.maxC) return 'above_max';
  }
  if (write.mode !== undefined && scope.modes && !scope.modes.includes(write.mode))
    return 'mode_not_allowed';
  if (write.boost === true && scope.boost === false) return 'boost_not_allowed';
  return null;
}
