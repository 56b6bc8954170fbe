import {
  awayOffsetRange,
  convertOffset,
  convertTemperature,
  stepFor,
  type NodeType,
  type TemperatureUnits,
} from '@hearth/protocol';
import { SETTING_DEFS, type SettingDef } from './setting-defs';

export interface NodeConfigContext {
  type: NodeType;
  addr: number;
  name: string;
  setup: Record<string, unknown>;
  locked: boolean;
  owner: boolean;
  adminMode: boolean;
  wifiHeater: boolean;
  /** The device's main circuit meters; undefined while its power system is not known. */
  mainCircuit: number[] | undefined;
  installedPmos: number[];
}

export type Values = Record<string, unknown>;
export interface Interval {
  start: number;
  end: number;
}

export function getIn(obj: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>(
    (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
    obj,
  );
}

export function unitsOf(values: Values, ctx: NodeConfigContext): TemperatureUnits {
  const u = values.temperature_units ?? ctx.setup.units;
  return u === 'F' ? 'F' : 'C';
}

/** Whether a setting exists for this node (the device reports it, or it is a pseudo-setting). */
function present(def: SettingDef, ctx: NodeConfigContext): boolean {
  if (!def.types.includes(ctx.type)) return false;
  if (def.name === 'priority' && ctx.wifiHeater) return false;
  if (def.adminShown && !ctx.adminMode) return false;
  if (def.name === 'main_circuit_enabled' && ctx.mainCircuit === undefined) return false;
  const factory = (ctx.setup.factory_options ?? {}) as Record<string, unknown>;
  if (def.name === 'true_radiant_enabled' && factory.true_radiant_available === false) return false;
  if (def.name === 'window_detection_enabled' && factory.window_mode_available === false)
    return false;
  if (!def.path) return true;
  return getIn(ctx.setup, def.path) !== undefined;
}

function readValue(def: SettingDef, ctx: NodeConfigContext): unknown {
  if (def.name === 'name') return ctx.name;
  if (def.name === 'keyboard_lock_enabled') return ctx.locked;
  if (def.name === 'main_circuit_enabled') return ctx.mainCircuit?.includes(ctx.addr) === true;
  const raw = def.path ? getIn(ctx.setup, def.path) : undefined;
  if (def.name.endsWith('_enabled') && def.kind === 'toggle' && def.name.startsWith('valley')) {
    const slot = raw as Interval;
    return slot.start !== slot.end;
  }
  if (def.temperature || def.name === 'max_power') return Number(raw);
  return raw;
}

export function visibleDefs(ctx: NodeConfigContext): SettingDef[] {
  return SETTING_DEFS.filter((d) => present(d, ctx));
}

export function initialValues(ctx: NodeConfigContext): Values {
  return Object.fromEntries(visibleDefs(ctx).map((d) => [d.name, readValue(d, ctx)]));
}

/** Spec 3 §5–§6: editable only if flagged, owners for owner settings, admin mode for admin ones. */
export function isEditable(def: SettingDef, ctx: NodeConfigContext): boolean {
  if (def.ownerOnly && !ctx.owner) return false;
  if (def.adminOnly && !ctx.adminMode) return false;
  if (def.name === 'main_circuit_enabled') {
    // Spec 3 §5: the only installed meter, in the main circuit, stays there.
    const only = ctx.installedPmos.length === 1 && ctx.installedPmos[0] === ctx.addr;
    return !(only && ctx.mainCircuit?.includes(ctx.addr) === true);
  }
  return true;
}

/** Spec 3 §5 slider bounds, some depending on other current values and on the units. */
export function rangeOf(def: SettingDef, values: Values, ctx: NodeConfigContext) {
  const units = unitsOf(values, ctx);
  const step = stepFor(units);
  const conv = (c: number) => convertTemperature(c, 'C', units);
  if (def.name === 'away_offset') return awayOffsetRange(units);
  if (def.name === 'max_runback_temp') return { min: conv(5), max: conv(30), step };
  if (def.name === 'default_runback_temp')
    return { min: conv(5), max: Number(values.max_runback_temp ?? conv(30)), step };
  if (def.name === 'setback_temp')
    return { min: conv(5), max: Number(values.default_runback_temp ?? conv(30)) - step, step };
  if (def.temperature === 'absolute' && def.range)
    return {
      min: conv(def.range.min),
      max: conv(def.range.max),
      step: units === 'F' ? 1 : def.range.step,
    };
  return def.range;
}

const RESETTING = ['temperature_units', 'runback_mode_enabled', 'easy_mode_enabled'];

/**
 * Spec 3 §4: changing units, runback mode or easy mode puts every other setting back to its
 * loaded value; a units change also converts the temperatures and the away offset.
 */
export function editValue(values: Values, initial: Values, name: string, value: unknown): Values {
  if (!RESETTING.includes(name)) return { ...values, [name]: value };
  // The units stay as chosen (a runback or easy mode change after a units change keeps them),
  // so the loaded values come back converted to them.
  const units = name === 'temperature_units' ? value : values.temperature_units;
  const next: Values = { ...initial, [name]: value, temperature_units: units };
  const from = initial.temperature_units === 'F' ? 'F' : 'C';
  const to = units === 'F' ? 'F' : 'C';
  if (from === to) return next;
  for (const def of SETTING_DEFS) {
    const v = initial[def.name];
    if (typeof v !== 'number' || !def.temperature) continue;
    next[def.name] =
      def.temperature === 'offset' ? convertOffset(v, from, to) : convertTemperature(v, from, to);
  }
  return next;
}

/** Settings whose slider range ends at another one's value (rangeOf), the bound first. */
const BOUNDED_BY: Record<string, string> = {
  max_runback_temp: 'default_runback_temp',
  default_runback_temp: 'setback_temp',
};

/**
 * Spec 3 §5: when a slider's limit changes, a value now out of its range is corrected. A
 * change of the maximum runback temperature can pull the default runback temperature down,
 * and that in turn the setback temperature; the corrected values are edits like any other.
 */
export function correctBounded(values: Values, name: string, ctx: NodeConfigContext): Values {
  let next = values;
  for (let bound = BOUNDED_BY[name]; bound !== undefined; bound = BOUNDED_BY[bound]) {
    const def = SETTING_DEFS.find((d) => d.name === bound);
    const v = next[bound];
    if (!def || typeof v !== 'number') continue;
    const range = rangeOf(def, next, ctx);
    if (!range) continue;
    const corrected = Math.min(Math.max(v, range.min), range.max);
    if (corrected !== v) next = { ...next, [bound]: corrected };
  }
  return next;
}

/** Spec 3 §2: restore defaults puts the advanced settings back to their factory values. */
export function restoreDefaults(values: Values): Values {
  const next = { ...values };
  for (const def of SETTING_DEFS)
    if (def.advanced && def.defaultValue !== undefined && def.name in next)
      next[def.name] = def.defaultValue;
  return next;
}

export function changedNames(values: Values, initial: Values): string[] {
  return Object.keys(values).filter(
    (k) => JSON.stringify(values[k]) !== JSON.stringify(initial[k]),
  );
}
