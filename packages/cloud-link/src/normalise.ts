import {
  formatDecimal,
  NODE_SETUP_SETTINGS,
  NODE_STATUS_ENTRIES,
  parseNodeType,
  type DeviceClock,
  type NodeType,
  type SettingsTable,
} from '@hearth/protocol';
import type { UpstreamObject } from './upstream-client.ts';

/**
 * What real fleets report, in Hearth's words: the node types (`htr_mod` is a radiator with
 * another status shape), booleans sent as 0/1, numbers where Hearth carries decimal strings,
 * `error_code` as a number or a string, the device clock's 0-based month. Only what the cloud
 * reported is carried over: a field a family does not report is left out, never invented.
 */

/** Hearth's type for a cloud node type; undefined for a type Hearth does not carry. */
export function hearthNodeType(upstreamType: string): NodeType | undefined {
  return upstreamType === 'htr_mod' ? 'htr' : parseNodeType(upstreamType);
}

function isObject(value: unknown): value is UpstreamObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function toBoolean(value: unknown): unknown {
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return value;
}

function toTemperature(value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value)) return formatDecimal(value);
  return value;
}

function toInteger(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
}

/** Every entry of `raw` in the form its table declares; entries the table lacks kept as sent. */
function coerce(raw: UpstreamObject, table: SettingsTable): UpstreamObject {
  const out: UpstreamObject = {};
  for (const [key, value] of Object.entries(raw)) {
    const kind = table[key]?.kind;
    if (kind === undefined) out[key] = value;
    else if (kind.type === 'boolean') out[key] = toBoolean(value);
    else if (kind.type === 'temperature') out[key] = toTemperature(value);
    else if (kind.type === 'integer') out[key] = toInteger(value);
    else if (kind.type === 'group' && isObject(value)) out[key] = coerce(value, kind.entries);
    else out[key] = value;
  }
  if (out.error_code !== undefined && out.error_code !== null) {
    out.error_code = String(out.error_code);
  }
  return out;
}

const HTR_MOD_MODES: Readonly<Record<string, string>> = {
  auto: 'auto',
  self_learn: 'auto',
  presence: 'auto',
  manual: 'manual',
};

/**
 * An `htr_mod` status (`on`, `mode`, `selected_temp`, `comfort_temp`, `eco_offset`, …) in the
 * shape of a radiator's: `off` when it is not on, the programme temperatures, and the set
 * point the selected temperature names.
 */
function fromHtrMod(raw: UpstreamObject): UpstreamObject {
  const { on, mode, selected_temp, comfort_temp, eco_offset, ...rest } = raw;
  const out: UpstreamObject = { ...rest };
  if (on === false || on === 0) out.mode = 'off';
  else if (typeof mode === 'string' && HTR_MOD_MODES[mode] !== undefined) {
    out.mode = HTR_MOD_MODES[mode];
  }
  if (comfort_temp !== undefined) out.comf_temp = comfort_temp;
  if (comfort_temp !== undefined && eco_offset !== undefined) {
    out.eco_temp = formatDecimal(Number(comfort_temp) - Number(eco_offset));
  }
  const named = { comfort: out.comf_temp, eco: out.eco_temp, ice: out.ice_temp };
  const stemp =
    typeof selected_temp === 'string' ? named[selected_temp as keyof typeof named] : undefined;
  if (stemp !== undefined) out.stemp = stemp;
  return out;
}

/** A node's status as a Hearth gateway reports it. */
export function normaliseStatus(upstreamType: string, raw: UpstreamObject): UpstreamObject {
  const type = hearthNodeType(upstreamType);
  if (type === undefined) return {};
  const shaped = upstreamType === 'htr_mod' ? fromHtrMod(coerce(raw, HTR_MOD_STATUS)) : raw;
  return coerce(shaped, NODE_STATUS_ENTRIES[type]);
}

/** An `htr_mod`'s own status entries that need coercing before they are reshaped. */
const HTR_MOD_STATUS: SettingsTable = {
  on: { kind: { type: 'boolean' } },
  comfort_temp: { kind: { type: 'temperature' } },
  eco_offset: { kind: { type: 'temperature' } },
};

/** A node's setup as a Hearth gateway reports it. */
export function normaliseSetup(upstreamType: string, raw: UpstreamObject): UpstreamObject {
  const type = hearthNodeType(upstreamType);
  return type === undefined ? {} : coerce(raw, NODE_SETUP_SETTINGS[type]);
}

/** The device clock with Hearth's 1–12 month; undefined when it is not a clock. */
export function normaliseClock(raw: unknown, monthFrom: 0 | 1): DeviceClock | undefined {
  if (!isObject(raw)) return undefined;
  const fields = ['y', 'n', 'd', 'h', 'm', 's', 'w'] as const;
  const values = fields.map((key) => Number(raw[key]));
  if (values.slice(0, 6).some((v) => !Number.isInteger(v))) return undefined;
  const [y, n, d, h, m, s] = values as [number, number, number, number, number, number];
  const month = n + (1 - monthFrom);
  if (month < 1 || month > 12) return undefined;
  const w = Number.isInteger(values[6])
    ? (values[6] as number)
    : new Date(Date.UTC(y, month - 1, d)).getUTCDay();
  return { y, n: month, d, h, m, s, w };
}
