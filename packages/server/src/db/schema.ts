import { sql } from 'drizzle-orm';
import { timeOrderedUuid, type ComfortDecisionKind } from '@hearth/protocol';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  // argon2id PHC string; the parameters travel inside it.
  passwordHash: text('password_hash').notNull(),
  serialId: text('serial_id').notNull(),
  lang: text('lang').notNull().default('en'),
  verified: boolean('verified').notNull().default(false),
  createdAt: createdAt(),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Every rotation stays in one family, so a replayed token can revoke the whole chain.
    family: uuid('family').notNull(),
    // The OAuth client the token was issued to; only that client may refresh it. Null on a
    // token issued before tokens were bound to clients and not linked through an assistant's
    // code: the app's own client obtained it (the password grant serves it alone).
    clientId: text('client_id'),
    tokenHash: text('token_hash').notNull().unique(),
    scope: text('scope').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.family)],
);

/**
 * A sign-in (password grant or linked assistant): its id is the `sid` of every access token
 * and the family of every refresh token it issues. Ending it refuses both (auth/sessions.ts).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const groups = pgTable('groups', {
  // Made time-ordered by the server too (a home created without an id: the demo's, a
  // third-party client's), so that sorting homes by id is sorting them by creation.
  id: uuid('id')
    .primaryKey()
    .defaultRandom()
    .$defaultFn(() => timeOrderedUuid()),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  geoData: jsonb('geo_data').$type<Record<string, unknown>>().notNull().default({}),
  extraData: jsonb('extra_data').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

export const guests = pgTable(
  'guests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    pending: boolean('pending').notNull().default(true),
    codeHash: text('code_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('guests_group_email_idx').on(t.groupId, t.email),
    index('guests_user_idx').on(t.userId),
  ],
);

export const devs = pgTable(
  'devs',
  {
    devId: text('dev_id').primaryKey(),
    // Null while a gateway has signed in but nobody has added it to a home yet.
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    productId: text('product_id').notNull().default(''),
    fwVersion: text('fw_version').notNull().default(''),
    serialId: text('serial_id').notNull().default(''),
    connected: boolean('connected').notNull().default(false),
    lastSeen: timestamp('last_seen', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('devs_group_idx').on(t.groupId)],
);

/** Device-level objects by realtime path (/mgr/away_status, /geo_data, /pmo_system, …). */
export const devState = pgTable(
  'dev_state',
  {
    devId: text('dev_id')
      .notNull()
      .references(() => devs.devId, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    body: jsonb('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.devId, t.path] })],
);

export const nodes = pgTable(
  'nodes',
  {
    devId: text('dev_id')
      .notNull()
      .references(() => devs.devId, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    addr: integer('addr').notNull(),
    name: text('name').notNull().default(''),
    installed: boolean('installed').notNull().default(true),
    lost: boolean('lost').notNull().default(false),
    status: jsonb('status').$type<Record<string, unknown>>(),
    setup: jsonb('setup').$type<Record<string, unknown>>(),
    prog: jsonb('prog').$type<Record<string, unknown>>(),
    version: jsonb('version').$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ columns: [t.devId, t.type, t.addr] })],
);

export const COMMAND_STATUSES = ['pending', 'acked', 'failed'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

export const commands = pgTable(
  'commands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Orders re-sends exactly as the writes were accepted.
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    devId: text('dev_id')
      .notNull()
      .references(() => devs.devId, { onDelete: 'cascade' }),
    method: text('method').$type<'POST' | 'DELETE'>().notNull(),
    path: text('path').notNull(),
    body: jsonb('body'),
    status: text('status').$type<CommandStatus>().notNull().default('pending'),
    error: text('error'),
    createdAt: createdAt(),
    ackedAt: timestamp('acked_at', { withTimezone: true }),
  },
  (t) => [
    index('commands_pending_idx')
      .on(t.devId, t.seq)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export const samples = pgTable(
  'samples',
  {
    devId: text('dev_id')
      .notNull()
      .references(() => devs.devId, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    addr: integer('addr').notNull(),
    // Seconds since the epoch, as on the wire.
    t: bigint('t', { mode: 'number' }).notNull(),
    temp: doublePrecision('temp'),
    counter: doublePrecision('counter').notNull(),
    max: doublePrecision('max'),
    min: doublePrecision('min'),
  },
  (t) => [
    primaryKey({ columns: [t.devId, t.type, t.addr, t.t] }),
    // Day charts of a whole home read every node of a gateway over a few hours.
    index('samples_dev_t_idx').on(t.devId, t.t),
  ],
);

/** Accounts (spec 1): single-use codes e-mailed to users or handed to a linked assistant. */
export const ACCOUNT_CODE_PURPOSES = [
  'verify',
  'password_reset',
  'email_change',
  'authorization_code',
] as const;
export type AccountCodePurpose = (typeof ACCOUNT_CODE_PURPOSES)[number];

export const accountCodes = pgTable(
  'account_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<AccountCodePurpose>().notNull(),
    // Only the SHA-256 is kept: a database leak must not hand out working links.
    codeHash: text('code_hash').notNull().unique(),
    // What the code grants beyond the user: the new e-mail, or the linking client and scope.
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_codes_user_idx').on(t.userId, t.purpose)],
);

export const privacyAcceptances = pgTable('privacy_acceptances', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Quiet-home notifications of a home (spec 2 §3 "Quiet-home data"); absent row = not configured. */
export const quietHome = pgTable('quiet_home', {
  groupId: uuid('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  enabled: boolean('enabled').notNull().default(false),
  excludedNodes: jsonb('excluded_nodes')
    .$type<Array<{ devid: string; nodes: number[] }>>()
    .notNull()
    .default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Energy and temperature per node and local day of the home's time zone, kept up to date as
 * samples arrive, so month and year charts read a few hundred rows instead of a year of samples.
 */
export const sampleDays = pgTable(
  'sample_days',
  {
    devId: text('dev_id')
      .notNull()
      .references(() => devs.devId, { onDelete: 'cascade' }),
    tz: text('tz').notNull(),
    type: text('type').notNull(),
    addr: integer('addr').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    energyWh: doublePrecision('energy_wh').notNull().default(0),
    tempSum: doublePrecision('temp_sum').notNull().default(0),
    tempN: integer('temp_n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.devId, t.tz, t.type, t.addr, t.day] })],
);

/** Rights of a person a home is shared with (docs/sharing.md); the owner is `groups.owner_id`. */
export const MEMBER_ROLES = ['resident', 'guest'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * What a guest may touch (docs/sharing.md). Absent fields do not restrict: a guest with `{}`
 * controls every room without bounds, at any time. Dates are the home's local calendar days,
 * inclusive; weekly hours are the home's wall clock, `day` 0 = Sunday, `to` exclusive.
 */
export interface GuestScope {
  nodes?: Array<{ devId: string; type: string; addr: number }>;
  minC?: number;
  maxC?: number;
  modes?: string[];
  boost?: boolean;
  validFrom?: string;
  validTo?: string;
  weekly?: Array<{ day: number; from: string; to: string }>;
}

export const memberRoles = pgTable('member_roles', {
  // One row per guests row: the role and scope the owner gave (absent = resident, the rights
  // every guest had before roles existed).
  guestId: uuid('guest_id')
    .primaryKey()
    .references(() => guests.id, { onDelete: 'cascade' }),
  role: text('role').$type<MemberRole>().notNull().default('resident'),
  scope: jsonb('scope').$type<GuestScope>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who changed what in a home, kept 90 days (docs/sharing.md). */
export const ACTIVITY_SOURCES = ['app', 'assistant', 'automation', 'system'] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    // Kept when the account is deleted: the log still says who it was.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    source: text('source').$type<ActivitySource>().notNull(),
    // The OAuth client of an app or assistant, or the automation's name (optimum-start, …).
    via: text('via').notNull().default(''),
    devId: text('dev_id'),
    nodeType: text('node_type'),
    nodeAddr: integer('node_addr'),
    action: text('action').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('activity_log_group_at_idx').on(t.groupId, t.at)],
);

/** Link states of a vendor cloud account (docs/cloud-link.md). */
export const CLOUD_ACCOUNT_STATES = [
  'linked',
  'needs-password',
  'unreachable',
  'rate-limited',
] as const;
export type CloudAccountState = (typeof CLOUD_ACCOUNT_STATES)[number];

/** A vendor cloud account an owner linked; the password only encrypted (docs/cloud-link.md). */
export const cloudAccounts = pgTable(
  'cloud_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    upstream: text('upstream').notNull(),
    email: text('email').notNull(),
    // base64(iv ‖ ciphertext ‖ tag), AES-256-GCM; null once the cloud refused it.
    passwordEnc: text('password_enc'),
    state: text('state').$type<CloudAccountState>().notNull().default('linked'),
    stateAt: timestamp('state_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cloud_accounts_user_upstream_email_idx').on(t.userId, t.upstream, t.email)],
);

export const HISTORY_IMPORT_STATES = ['pending', 'importing', 'done', 'failed'] as const;
export type HistoryImportState = (typeof HISTORY_IMPORT_STATES)[number];

/** A device brought into Hearth from a linked cloud account. */
export const cloudLinks = pgTable(
  'cloud_links',
  {
    devId: text('dev_id')
      .primaryKey()
      .references(() => devs.devId, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => cloudAccounts.id, { onDelete: 'cascade' }),
    upstreamDevId: text('upstream_dev_id').notNull(),
    lastUpdateAt: timestamp('last_update_at', { withTimezone: true }),
    // The year of samples imported when linked: done up to `historyDoneUntil`, resumable.
    historyState: text('history_state').$type<HistoryImportState>().notNull().default('pending'),
    historyFrom: timestamp('history_from', { withTimezone: true }),
    historyDoneUntil: timestamp('history_done_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('cloud_links_account_idx').on(t.accountId)],
);

/**
 * Comfort that thinks ahead, per room (docs/comfort.md "In the server"): which features the
 * owner switched on, optimum start's learned state (plain JSON, `@hearth/comfort`) and the
 * open-window hold. No row: every feature off.
 */
export const comfortRooms = pgTable(
  'comfort_rooms',
  {
    devId: text('dev_id')
      .notNull()
      .references(() => devs.devId, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    addr: integer('addr').notNull(),
    optimumStart: boolean('optimum_start').notNull().default(false),
    windowDetection: boolean('window_detection').notNull().default(false),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    // While a window holds the room at anti-frost: when the hold ends at the latest.
    windowHoldUntil: timestamp('window_hold_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.devId, t.type, t.addr] })],
);

export { COMFORT_DECISION_KINDS, type ComfortDecisionKind } from '@hearth/protocol';

/** What the comfort automation decided for a room and why, kept 30 days. */
export const comfortDecisions = pgTable(
  'comfort_decisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    devId: text('dev_id')
      .notNull()
      .references(() => devs.devId, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    addr: integer('addr').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').$type<ComfortDecisionKind>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('comfort_decisions_node_at_idx').on(t.devId, t.type, t.addr, t.at),
    index('comfort_decisions_at_idx').on(t.at),
  ],
);

/**
 * A home's holidays (docs/comfort.md "In the server"): from `from` to the return time `to`,
 * both local wall times of the home's zone (`YYYY-MM-DDTHH:mm`, so a return stays at its hour
 * across a change of the clocks), for some rooms (`<dev_id>/<type>/<addr>`) or the whole home
 * (null), holding `away_c` or running weekday `use_day`'s programme: exactly one of the two.
 */
export const comfortHolidays = pgTable(
  'comfort_holidays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    from: text('from_wall').notNull(),
    to: text('to_wall').notNull(),
    rooms: jsonb('rooms').$type<string[]>(),
    awayC: doublePrecision('away_c'),
    useDay: integer('use_day'),
    createdAt: createdAt(),
  },
  (t) => [index('comfort_holidays_group_idx').on(t.groupId)],
);

/** A home's one-off days: local date `date` runs weekday `use_day`'s programme. */
export const comfortOneOffs = pgTable(
  'comfort_one_offs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    useDay: integer('use_day').notNull(),
    rooms: jsonb('rooms').$type<string[]>(),
    createdAt: createdAt(),
  },
  (t) => [index('comfort_one_offs_group_idx').on(t.groupId)],
);

/**
 * A home's tariffs (docs/energy.md "In the server"): each valid from its instant until the next
 * one starts, kept so that past costs keep the price they had. `tariff` is `@hearth/energy`'s
 * Tariff (its `validFrom` equals `valid_from`), prices per kWh in `currency`.
 */
export const homeTariffs = pgTable(
  'home_tariffs',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    tariff: jsonb('tariff').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.validFrom] })],
);

/**
 * A home's dynamic prices fetched from an address its owner gave (docs/energy.md "Prices from a
 * URL"): each fetch that brings new prices adds a dynamic tariff to home_tariffs. A process
 * claims a due fetch by moving `next_fetch_at` on in one statement, so one process fetches.
 */
export const homePriceSources = pgTable('home_price_sources', {
  groupId: uuid('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  currency: text('currency').notNull(),
  slotMinutes: integer('slot_minutes'),
  fallbackPricePerKwh: doublePrecision('fallback_price_per_kwh'),
  lastFetchAt: timestamp('last_fetch_at', { withTimezone: true }),
  lastError: text('last_error'),
  nextFetchAt: timestamp('next_fetch_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
});

/**
 * A home's power guard (docs/energy.md "The power guard"): the owner's settings and the guard's
 * state between readings (plain JSON, so whichever process ingests the next reading carries on).
 */
export const powerGuards = pgTable('power_guards', {
  groupId: uuid('group_id')
    .primaryKey()
    .references(() => groups.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  dryRun: boolean('dry_run').notNull().default(true),
  capKw: doublePrecision('cap_kw').notNull(),
  instantCapKw: doublePrecision('instant_cap_kw'),
  // Room ids (`<dev_id>/<type>/<addr>`), lowest lowered first.
  priority: jsonb('priority').$type<string[]>().notNull().default([]),
  monitor: text('monitor'),
  state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What the power guard did or would have done, and why; kept 90 days. */
export const powerGuardActions = pgTable(
  'power_guard_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    room: text('room').notNull(),
    kind: text('kind').notNull(),
    toC: doublePrecision('to_c'),
    dryRun: boolean('dry_run').notNull(),
    text: text('text').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('power_guard_actions_group_at_idx').on(t.groupId, t.at)],
);

/** A storage heater's charge plan settings, the plan last made and the schedule last sent. */
export const chargePlans = pgTable(
  'charge_plans',
  {
    devId: text('dev_id')
      .notNull()
      .references(() => devs.devId, { onDelete: 'cascade' }),
    addr: integer('addr').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    targetPct: doublePrecision('target_pct').notNull(),
    readyBy: text('ready_by').notNull(),
    minBlockMin: integer('min_block_min').notNull(),
    plan: jsonb('plan').$type<Record<string, unknown>>(),
    plannedAt: timestamp('planned_at', { withTimezone: true }),
    // The charging_conf last written to the heater, so an unchanged plan is not sent again.
    sent: jsonb('sent').$type<Record<string, unknown>>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.devId, t.addr] })],
);
