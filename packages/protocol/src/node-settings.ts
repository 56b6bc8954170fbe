import { z } from 'zod';
import { NODE_MODES } from './modes';
import type { NodeType } from './node-types';
import {
  CONTROL_MODES,
  FLOOR_PROBE_BETA,
  FLOOR_PROBE_RESISTORS,
  LOCK_PASSWORD_MAX,
  NODE_PRIORITIES,
  OPERATIONAL_MODES,
  PIR_PRIORITIES,
  POWER_LIMIT_MAX_W,
  POWER_LIMIT_MIN_W,
  RUNBACK_TIME,
  SCHEDULE_METHOD_HALF_HOUR,
  SCHEDULE_METHOD_HOUR,
  SENSOR_MODES,
} from './rules/constants';
import { decimalString } from './wire';

/*
 * The settings each node type has in its setup (spec 3 §3 "Setup" and "Node configuration
 * settings", §5, §6), and the entries of its status: declared once, read by the server (setup
 * writes, gateway reports), the simulator and the app's demo. A setup write may carry only
 * these keys, each of its type; a changed value must also keep its range. Ranges are not
 * checked on a value written back as the device reported it: that is the device's business.
 */

export type SettingKind =
  | { type: 'boolean' }
  | { type: 'integer'; min: number; max: number }
  | { type: 'choice'; values: readonly (string | number)[] }
  /** A temperature or offset as the wire carries it, a decimal string (docs/wire-contract.md §1). */
  | { type: 'temperature' }
  /** Whole watts, a string or a number: 0 or -1 for none, else 1000–60000 (spec 3 §5, §9). */
  | { type: 'watts' }
  | { type: 'text'; maxLength: number }
  /** Seven day flags (spec 3 §9 charge days). */
  | { type: 'days' }
  /** `{start, end}` in minutes since midnight (spec 3 §5 valley and PIR sleep pickers). */
  | { type: 'interval' }
  | { type: 'group'; entries: SettingsTable };

export interface NodeSetting {
  kind: SettingKind;
  /** Spec 3 §6: only an owner may change it (DECISIONS: the node's max power, `power`, too). */
  ownerOnly?: boolean;
  /** The hardware's own: a written copy is accepted and the node's value kept. */
  hardware?: boolean;
}
export type SettingsTable = Readonly<Record<string, NodeSetting>>;

const boolean = { kind: { type: 'boolean' } } as const;
const temperature = { kind: { type: 'temperature' } } as const;
const integer = (min: number, max: number): NodeSetting => ({
  kind: { type: 'integer', min, max },
});
const choice = (values: readonly (string | number)[]): NodeSetting => ({
  kind: { type: 'choice', values },
});
const indexes = (list: readonly unknown[]) => list.map((_, i) => i);
const MINUTES_A_DAY = 1440;

/** What the device says of its own write state; accepted in a write and ignored. */
const syncStatus: NodeSetting = { kind: { type: 'text', maxLength: 16 }, hardware: true };

const HEATER_SETUP: SettingsTable = {
  units: choice(['C', 'F']),
  prog_resol: { ...choice([SCHEDULE_METHOD_HOUR, SCHEDULE_METHOD_HALF_HOUR]), ownerOnly: true },
  prog_resolution: {
    ...choice([SCHEDULE_METHOD_HOUR, SCHEDULE_METHOD_HALF_HOUR]),
    ownerOnly: true,
  },
  extra_options: {
    kind: {
      type: 'group',
      entries: {
        boost_temp: temperature,
        boost_time: integer(1, MINUTES_A_DAY),
        default_runback_temp: temperature,
        max_runback_time: integer(RUNBACK_TIME.min, RUNBACK_TIME.max),
        max_runback_temp: temperature,
        setback_temp: temperature,
        sensor_mode: choice(indexes(SENSOR_MODES)),
        setback_enabled: boolean,
      },
    },
  },
  sync_status: syncStatus,
  control_mode: choice(indexes(CONTROL_MODES)),
  power: { kind: { type: 'watts' }, ownerOnly: true },
  offset: temperature,
  priority: { ...choice(NODE_PRIORITIES), ownerOnly: true },
  away_mode: integer(0, 255),
  away_offset: temperature,
  modified_auto_span: integer(0, MINUTES_A_DAY),
  window_mode_enabled: boolean,
  true_radiant_enabled: boolean,
  runback_mode_enabled: boolean,
  easy_mode_enabled: boolean,
  anti_frost_protection_enabled: boolean,
  keyboard_lock_enabled: { ...boolean, ownerOnly: true },
  password_lock_enabled: { ...boolean, ownerOnly: true },
  lock_password: { kind: { type: 'text', maxLength: LOCK_PASSWORD_MAX }, ownerOnly: true },
  pir_enabled: boolean,
  pir_priority: choice(indexes(PIR_PRIORITIES)),
  pir_sleep_enabled: boolean,
  pir_sleep_interval: { kind: { type: 'interval' } },
  max_floor_probe_temperature: temperature,
  floor_probe_resistor: choice(indexes(FLOOR_PROBE_RESISTORS)),
  floor_probe_beta: integer(FLOOR_PROBE_BETA.min, FLOOR_PROBE_BETA.max),
  factory_options: {
    kind: {
      type: 'group',
      entries: {
        temp_compensation_enabled: boolean,
        window_mode_available: boolean,
        true_radiant_available: boolean,
        pir_available: boolean,
        operating_mode: choice(indexes(OPERATIONAL_MODES)),
      },
    },
  },
  min_stemp: { ...temperature, hardware: true },
  max_stemp: { ...temperature, hardware: true },
};

/** Storage heaters also charge on chosen days, in up to two valleys (spec 3 §3). */
const STORAGE_SETUP: SettingsTable = {
  ...HEATER_SETUP,
  charge_days: { kind: { type: 'days' } },
  charging_conf: {
    kind: {
      type: 'group',
      entries: { slot_1: { kind: { type: 'interval' } }, slot_2: { kind: { type: 'interval' } } },
    },
  },
};

const METER_SETUP: SettingsTable = {
  sync_status: syncStatus,
  circuit_type: choice([0, 1, 2]),
  reverse_power: boolean,
  // The power limit route is the owner's (docs/wire-contract.md §5); the setup's copy may not go around it.
  power_limit: { kind: { type: 'watts' }, ownerOnly: true },
};

/** The setup settings of each node type. */
export const NODE_SETUP_SETTINGS: Readonly<Record<NodeType, SettingsTable>> = {
  htr: HEATER_SETUP,
  thm: HEATER_SETUP,
  acm: STORAGE_SETUP,
  pmo: METER_SETUP,
};

const HEATER_STATUS: SettingsTable = {
  mode: choice(NODE_MODES),
  stemp: temperature,
  mtemp: temperature,
  units: choice(['C', 'F']),
  comf_temp: temperature,
  eco_temp: temperature,
  ice_temp: temperature,
  boost: boolean,
  runback: boolean,
  easy: boolean,
  boost_end_day: integer(0, 6),
  boost_end_min: integer(0, MINUTES_A_DAY),
  sync_status: { kind: { type: 'text', maxLength: 16 } },
  power: temperature,
  locked: boolean,
  active: boolean,
  presence: boolean,
  window_open: boolean,
  charge_level: integer(0, 5),
  current_charge_per: integer(0, 100),
  charging: boolean,
  french_rule_pir_state: integer(0, 255),
};

/** The status entries of each node type (a power monitor reports none). */
export const NODE_STATUS_ENTRIES: Readonly<Record<NodeType, SettingsTable>> = {
  htr: HEATER_STATUS,
  thm: HEATER_STATUS,
  acm: HEATER_STATUS,
  pmo: {},
};

const wholeWatts = z.union([
  z
    .string()
    .max(7)
    .regex(/^-?\d+$/, 'must be a whole number of watts, e.g. "2000"'),
  z.number().int(),
]);
const minutes = z.number().int().min(0).max(MINUTES_A_DAY);
const DECIMAL = 'must be a decimal number written as a string, e.g. "20.5"';
/** decimalString, saying the same whatever the wrong type sent. */
const temperatureText = z.string({ error: DECIMAL }).max(16).pipe(decimalString);

/** The type of a value, without its range (what a report and a write must both keep). */
function typeSchema(kind: SettingKind, strict: boolean): z.ZodType {
  switch (kind.type) {
    case 'boolean':
      return z.boolean();
    case 'integer':
      return z.number().int();
    case 'choice':
      return typeof kind.values[0] === 'number' ? z.number().int() : z.string().max(32);
    case 'temperature':
      return temperatureText;
    case 'watts':
      return wholeWatts;
    case 'text':
      return z.string().max(Math.max(kind.maxLength, 64));
    case 'days':
      return z.array(z.boolean()).length(7);
    case 'interval':
      return z.strictObject({ start: minutes, end: minutes });
    case 'group':
      return tableSchema(kind.entries, strict);
  }
}

/** Every entry optional; unknown keys refused (`strict`, writes) or dropped (reports). */
function tableSchema(table: SettingsTable, strict: boolean) {
  const shape = Object.fromEntries(
    Object.entries(table).map(([key, s]) => [key, typeSchema(s.kind, strict).optional()]),
  );
  return strict ? z.strictObject(shape) : z.object(shape);
}

const writeSchemas = new Map<NodeType, z.ZodType<Record<string, unknown>>>();
/**
 * A setup write to a node of `type`: only its settings, each of its type (a full setup read
 * back, or only some of its entries). Ranges: `setupRangeProblem`.
 */
export function setupWriteSchemaFor(type: NodeType): z.ZodType<Record<string, unknown>> {
  let schema = writeSchemas.get(type);
  if (!schema) {
    schema = tableSchema(NODE_SETUP_SETTINGS[type], true) as z.ZodType<Record<string, unknown>>;
    writeSchemas.set(type, schema);
  }
  return schema;
}

/** Any node's setup write, as the route documents it: the settings of every node type. */
export const anySetupWriteSchema = tableSchema(
  { ...STORAGE_SETUP, ...METER_SETUP },
  true,
) as z.ZodType<Record<string, unknown>>;

/**
 * A status or setup report of a node of `type`: the known entries, of their types, kept;
 * unknown ones dropped. A known entry of a wrong type fails the whole report.
 */
export function nodeReportSchemaFor(
  type: NodeType,
  part: 'status' | 'setup',
): z.ZodType<Record<string, unknown>> {
  const table = part === 'status' ? NODE_STATUS_ENTRIES[type] : NODE_SETUP_SETTINGS[type];
  return tableSchema(table, false) as z.ZodType<Record<string, unknown>>;
}

function rangeOf(kind: SettingKind, value: unknown): string | undefined {
  switch (kind.type) {
    case 'integer':
      return typeof value === 'number' && (value < kind.min || value > kind.max)
        ? `must be between ${kind.min} and ${kind.max}`
        : undefined;
    case 'choice':
      return kind.values.includes(value as string | number)
        ? undefined
        : `must be one of ${kind.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'watts': {
      const w = Number(value);
      return w === 0 || w === -1 || (w >= POWER_LIMIT_MIN_W && w <= POWER_LIMIT_MAX_W)
        ? undefined
        : `must be 0 or -1 (none) or between ${POWER_LIMIT_MIN_W} and ${POWER_LIMIT_MAX_W} W`;
    }
    case 'text':
      return typeof value === 'string' && value.length > kind.maxLength
        ? `must be at most ${kind.maxLength} characters`
        : undefined;
    case 'interval': {
      const { start, end } = value as { start: number; end: number };
      return start >= MINUTES_A_DAY || end > MINUTES_A_DAY
        ? `must be minutes of a day (0 to ${MINUTES_A_DAY})`
        : undefined;
    }
    default:
      return undefined;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const objectOr = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function tableProblem(
  table: SettingsTable,
  current: Record<string, unknown>,
  write: Record<string, unknown>,
  path: string,
): string | undefined {
  for (const [key, value] of Object.entries(write)) {
    const setting = table[key];
    if (!setting || value === undefined || same(value, current[key])) continue;
    const where = `${path}${key}`;
    if (setting.kind.type === 'group') {
      const inner = tableProblem(
        setting.kind.entries,
        objectOr(current[key]),
        objectOr(value),
        `${where}.`,
      );
      if (inner) return inner;
      continue;
    }
    const problem = rangeOf(setting.kind, value);
    if (problem) return `${where} ${problem}`;
  }
  return undefined;
}

/**
 * The range a changed setup entry breaks (a choice not offered, a number past its bounds), in
 * words, or undefined. Written back as the node reported it, an entry passes.
 */
export function setupRangeProblem(
  type: NodeType,
  current: Record<string, unknown>,
  write: Record<string, unknown>,
): string | undefined {
  return tableProblem(NODE_SETUP_SETTINGS[type], current, write, '');
}

/** The top-level setup entries of `type` that only an owner may change. */
export function ownerOnlySetupKeys(type: NodeType): string[] {
  return Object.entries(NODE_SETUP_SETTINGS[type])
    .filter(([, s]) => s.ownerOnly)
    .map(([key]) => key);
}

/** The top-level setup entries of `type` that belong to the hardware: a write keeps the node's. */
export function hardwareSetupKeys(type: NodeType): string[] {
  return Object.entries(NODE_SETUP_SETTINGS[type])
    .filter(([, s]) => s.hardware)
    .map(([key]) => key);
}
