import {
  DEMO_TIMER_DEFAULT_RUNBACK_TEMP,
  DEMO_TIMER_MAX_RUNBACK_TIME,
  deviceClockAt,
  fahrenheitToCelsius,
  mergeSettings,
  modeSchema,
  type NodeWriteAction,
  parseDecimal,
  runbackSettings,
  progSchema,
  PROG_DAY_KEYS,
  type NodeMode,
  type TemperatureUnits,
} from '@hearth/protocol';
import type { DemoHeater, DemoNode } from './demo-model';
import { targetC } from './demo-wire';

/** A write the demo backend refuses, answered as a 400 like the server would. */
export class DemoBadRequest extends Error {}

type Body = Record<string, unknown>;

function asBody(value: unknown): Body {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new DemoBadRequest('a JSON object is expected');
  return value as Body;
}

function celsius(value: unknown, units: unknown, field: string): number | undefined {
  if (value === undefined) return undefined;
  const n = parseDecimal(value as string | number);
  if (n === undefined) throw new DemoBadRequest(`${field} must be a decimal string`);
  if (units !== 'C' && units !== 'F') throw new DemoBadRequest(`units is required with ${field}`);
  return units === 'F' ? fahrenheitToCelsius(n) : n;
}

function heaterOnly(node: DemoNode): DemoHeater {
  if (node.kind !== 'heater') throw new DemoBadRequest(`a ${node.type} has no such setting`);
  return node;
}

export interface WriteContext {
  now: number;
  timeZone: string;
}

export function startBoost(h: DemoHeater, tempC: number, minutes: number, now: number): void {
  if (h.mode !== 'boost' && h.mode !== 'runback') h.resumeMode = h.mode;
  h.mode = 'boost';
  h.boostTempC = tempC;
  h.boostEndMs = now + minutes * 60_000;
}

/**
 * Runback, as the reference gateway runs it (docs/device-protocol.md): its temperature for its
 * minutes, then the weekly programme (auto). The same write again starts it over.
 */
export function startRunback(h: DemoHeater, tempC: number, minutes: number, now: number): void {
  h.mode = 'runback';
  h.resumeMode = 'auto';
  h.boostTempC = tempC;
  h.boostEndMs = now + minutes * 60_000;
}

/** Ends a boost (back to the mode before it) or a runback (back to the programme). */
export function endBoost(h: DemoHeater): void {
  if (h.mode !== 'boost' && h.mode !== 'runback') return;
  h.mode = h.resumeMode === 'boost' || h.resumeMode === 'runback' ? 'auto' : h.resumeMode;
  h.boostEndMs = null;
  h.boostTempC = null;
}

function boostDefaults(h: DemoHeater): { tempC: number; minutes: number } {
  const extra = (h.setup.extra_options ?? {}) as Body;
  const temp = parseDecimal(extra.boost_temp as string | undefined);
  const minutes = Number(extra.boost_time);
  return {
    tempC: temp ?? h.comfC,
    minutes: Number.isInteger(minutes) && minutes > 0 ? minutes : 60,
  };
}

/** The setup's runback: default temperature, its ceiling, and the longest time in minutes. */
function runbackDefaults(h: DemoHeater): {
  tempC: number;
  maxC: number | undefined;
  minutes: number;
} {
  const r = runbackSettings(h.setup.extra_options, h.units);
  return {
    tempC: r.defaultC ?? DEMO_TIMER_DEFAULT_RUNBACK_TEMP,
    maxC: r.maxC,
    minutes: r.maxMinutes ?? DEMO_TIMER_MAX_RUNBACK_TIME,
  };
}

/**
 * The runback write's `time` (docs/device-protocol.md): whole minutes from 1, only with
 * `mode: "runback"`, at most the setup's max_runback_time; refused like the server does (400).
 */
function runbackTime(h: DemoHeater, b: Body): number | undefined {
  if (b.time === undefined) return undefined;
  if (b.mode !== 'runback')
    throw new DemoBadRequest('time (minutes) goes only with mode "runback"');
  const minutes = b.time;
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1)
    throw new DemoBadRequest('time must be a whole number of minutes from 1');
  const max = runbackDefaults(h).minutes;
  if (minutes > max) throw new DemoBadRequest(`the runback time must not be above ${max} minutes`);
  return minutes;
}

function checkRunback(h: DemoHeater, stempC: number | undefined): void {
  if (h.setup.runback_mode_enabled === false)
    throw new DemoBadRequest(
      'runback mode is not enabled on this node; enable it in its settings first',
    );
  const { maxC } = runbackDefaults(h);
  if (stempC !== undefined && maxC !== undefined && stempC > maxC + 0.05)
    throw new DemoBadRequest('the runback temperature must not be above max_runback_temp');
}

function setMode(h: DemoHeater, mode: NodeMode, ctx: WriteContext): void {
  if (mode === 'boost') {
    const d = boostDefaults(h);
    startBoost(h, d.tempC, d.minutes, ctx.now);
    return;
  }
  endBoost(h);
  h.mode = mode;
}

/** A set point without a mode: in auto it overrides the programme (modified_auto, spec 3 §4). */
function setStemp(h: DemoHeater, c: number, ctx: WriteContext): void {
  if (h.mode === 'boost' || h.mode === 'runback') {
    h.boostTempC = c;
    return;
  }
  const programmed = targetC({ ...h, mode: 'auto' }, deviceClockAt(ctx.now, ctx.timeZone));
  if (h.mode === 'auto' && Math.abs(c - programmed) < 0.05) return;
  h.stempC = c;
  if (h.mode === 'auto') h.mode = 'modified_auto';
}

function applyStatus(h: DemoHeater, b: Body, ctx: WriteContext): void {
  const stemp = celsius(b.stemp, b.units, 'stemp');
  const comf = celsius(b.comf_temp, b.units, 'comf_temp');
  const eco = celsius(b.eco_temp, b.units, 'eco_temp');
  const ice = celsius(b.ice_temp, b.units, 'ice_temp');
  const mode = b.mode === undefined ? undefined : modeSchema.safeParse(b.mode);
  if (mode && !mode.success) throw new DemoBadRequest('unknown mode');
  // Everything is checked before anything changes: a refused write leaves no trace.
  const minutes = runbackTime(h, b);
  if (mode?.data === 'runback') checkRunback(h, stemp);
  if (comf !== undefined) h.comfC = comf;
  if (eco !== undefined) h.ecoC = eco;
  if (ice !== undefined) h.iceC = ice;
  if (typeof b.locked === 'boolean') h.locked = b.locked;
  if (mode?.data === 'runback') {
    const d = runbackDefaults(h);
    startRunback(h, stemp ?? d.tempC, minutes ?? d.minutes, ctx.now);
  } else if (mode?.success) {
    setMode(h, mode.data, ctx);
    if (stemp !== undefined) {
      if (h.mode === 'boost') h.boostTempC = stemp;
      else h.stempC = stemp;
    }
  } else if (stemp !== undefined) {
    setStemp(h, stemp, ctx);
  }
  if (b.boost === true && h.mode !== 'boost') setMode(h, 'boost', ctx);
  if (b.boost === false) endBoost(h);
}

function applyBoost(h: DemoHeater, b: Body, ctx: WriteContext): void {
  if (b.active !== true) return endBoost(h);
  const d = boostDefaults(h);
  const tempC =
    b.temperature === undefined ? d.tempC : celsius(b.temperature, b.units, 'temperature');
  const minutes = Number(b.time);
  startBoost(
    h,
    tempC ?? d.tempC,
    Number.isFinite(minutes) && minutes > 0 ? minutes : d.minutes,
    ctx.now,
  );
}

function applyProg(h: DemoHeater, b: Body): void {
  const parsed = progSchema.safeParse(b.prog);
  if (!parsed.success) throw new DemoBadRequest('prog must be keyed by the days "0" to "6"');
  h.prog = PROG_DAY_KEYS.map((k) => [...parsed.data[k]]);
  // Spec 3 §4: a programme update turns modified_auto back into auto.
  if (h.mode === 'modified_auto') h.mode = 'auto';
}

function resolution(prog: number[][], slots: number): number[][] {
  if ((prog[0]?.length ?? 24) === slots) return prog;
  if (slots === 48) return prog.map((d) => d.flatMap((v) => [v, v]));
  return prog.map((d) => d.filter((_, i) => i % 2 === 0));
}

function applySetup(node: DemoNode, b: Body): void {
  if (node.kind === 'meter') {
    node.setup = mergeSettings(node.setup, b);
    if (typeof b.power_limit === 'string') node.powerLimit = b.power_limit;
    return;
  }
  const { units, prog_resol, sync_status: _s, factory_options: _f, ...rest } = b;
  if (units === 'C' || units === 'F') node.units = units as TemperatureUnits;
  if (prog_resol !== undefined)
    node.prog = resolution(node.prog, Number(prog_resol) === 1 ? 48 : 24);
  // A partial write of a nested setting (extra_options) keeps the rest of it.
  node.setup = { ...mergeSettings(node.setup, rest), factory_options: node.setup.factory_options };
}

/** Applies a POST to `/{type}/{addr}/{action}`: each of protocol's node writes but the erase. */
export function applyNodeWrite(
  node: DemoNode,
  action: Exclude<NodeWriteAction, 'erase'>,
  raw: unknown,
  ctx: WriteContext,
): void {
  const b = asBody(raw);
  switch (action) {
    case 'status':
      applyStatus(heaterOnly(node), b, ctx);
      return;
    case 'mode':
      applyStatus(
        heaterOnly(node),
        { mode: b.mode, stemp: b.stemp, units: b.units, time: b.time },
        ctx,
      );
      return;
    case 'prog_temps':
      applyStatus(heaterOnly(node), { ...b, mode: undefined, stemp: undefined }, ctx);
      return;
    case 'boost':
      applyBoost(heaterOnly(node), b, ctx);
      return;
    case 'prog':
      applyProg(heaterOnly(node), b);
      return;
    case 'setup':
      applySetup(node, b);
      return;
    case 'lock':
      heaterOnly(node).locked = b.locked === true;
      return;
    case 'name':
      if (typeof b.name !== 'string' || b.name.trim() === '') throw new DemoBadRequest('name');
      node.name = b.name;
      return;
    case 'select':
      if (node.kind === 'heater') node.selected = b.select === true;
      return;
    case 'power_limit':
      if (node.kind !== 'meter') throw new DemoBadRequest('only a power monitor has a limit');
      node.powerLimit = String(b.power_limit ?? '0');
      return;
    default: {
      // Every write of the node write table has its case: a new one fails to compile here.
      const unhandled: never = action;
      throw new DemoBadRequest(`unknown write ${String(unhandled)}`);
    }
  }
}
