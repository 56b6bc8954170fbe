import {
  parseDecimal,
  parseNodeType,
  type GatewayCommand,
  type NodeMode,
  type TemperatureUnits,
} from '@hearth/protocol';
import type { z } from 'zod';
import {
  awayBody,
  boostBody,
  discoveryBody,
  eraseBody,
  lockBody,
  modeBody,
  nameBody,
  parseBody,
  pmoSystemBody,
  powerLimitBody,
  progBody,
  progTempsBody,
  selectBody,
  setupBody,
  statusBody,
  type StatusBody,
} from './command-schemas';
import type { GatewayModel } from './model';
import type { HeaterNode, SimNode } from './node';
import { changeResolution, progFromWire, slotAt } from './programme';
import { toCelsius } from './units';

export type CommandResult = { ok: true } | { ok: false; error: string };

/** Set points a heater accepts, °C. */
export const MIN_TEMP_C = 5;
export const MAX_TEMP_C = 30;

const OK: CommandResult = { ok: true };
const fail = (error: string): CommandResult => ({ ok: false, error });

class CommandError extends Error {}

function body<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = parseBody(schema, value);
  if (!parsed.ok) throw new CommandError(parsed.error);
  return parsed.value;
}

/** Converts a temperature of the command to °C and checks it is one a heater accepts. */
function celsius(value: number, units: TemperatureUnits | undefined, field: string): number {
  if (!units) throw new CommandError(`units is required with ${field}`);
  const c = toCelsius(value, units);
  if (c < MIN_TEMP_C - 1e-9 || c > MAX_TEMP_C + 1e-9) {
    throw new CommandError(`${field} must be between ${MIN_TEMP_C} and ${MAX_TEMP_C} °C`);
  }
  return c;
}

function heaterOnly(node: SimNode): HeaterNode {
  if (node.kind !== 'heater') throw new CommandError(`a ${node.type} has no such setting`);
  return node;
}

function boostDefaults(node: HeaterNode): { tempC: number; minutes: number } {
  const extra = (node.setup.extra_options ?? {}) as Record<string, unknown>;
  const temp = parseDecimal(extra.boost_temp as string | number | undefined);
  const minutes = Number(extra.boost_time);
  return {
    tempC: temp === undefined ? node.comfC : toCelsius(temp, node.units),
    minutes: Number.isInteger(minutes) && minutes > 0 ? minutes : 60,
  };
}

function setMode(model: GatewayModel, node: HeaterNode, mode: NodeMode): void {
  if (mode === 'boost') {
    const d = boostDefaults(node);
    model.startBoost(node, d.tempC, d.minutes);
    return;
  }
  if (node.mode === 'boost') model.endBoost(node);
  node.mode = mode;
  node.modifiedSlot = null;
}

/** A new set point without a mode: in auto it overrides the programme until the next slot. */
function setStemp(model: GatewayModel, node: HeaterNode, c: number): void {
  if (node.mode === 'boost') {
    node.boostTempC = c;
  } else if (node.mode === 'auto' && Math.abs(c - (model.targetC(node) ?? NaN)) < 0.05) {
    // The programme's own temperature: nothing is overridden.
  } else if (node.mode === 'auto' || node.mode === 'modified_auto') {
    node.stempC = c;
    node.mode = 'modified_auto';
    node.modifiedSlot = slotAt(node.prog, model.local());
  } else {
    node.stempC = c;
  }
}

function applyStatus(model: GatewayModel, node: HeaterNode, b: StatusBody): void {
  const units = b.units;
  const temps = {
    stemp: b.stemp === undefined ? undefined : celsius(b.stemp, units, 'stemp'),
    comf: b.comf_temp === undefined ? undefined : celsius(b.comf_temp, units, 'comf_temp'),
    eco: b.eco_temp === undefined ? undefined : celsius(b.eco_temp, units, 'eco_temp'),
    ice: b.ice_temp === undefined ? undefined : celsius(b.ice_temp, units, 'ice_temp'),
  };
  if (temps.comf !== undefined) node.comfC = temps.comf;
  if (temps.eco !== undefined) node.ecoC = temps.eco;
  if (temps.ice !== undefined) node.iceC = temps.ice;
  if (b.locked !== undefined) node.locked = b.locked;
  if (b.mode !== undefined) {
    setMode(model, node, b.mode);
    if (temps.stemp !== undefined) {
      if (node.mode === 'boost') node.boostTempC = temps.stemp;
      else node.stempC = temps.stemp;
    }
  } else if (temps.stemp !== undefined) {
    setStemp(model, node, temps.stemp);
  }
  if (b.boost === true && node.mode !== 'boost') setMode(model, node, 'boost');
  if (b.boost === false) model.endBoost(node);
}

function applySetup(node: HeaterNode, raw: unknown): void {
  const b = body(setupBody, raw);
  const { units, prog_resol, sync_status: _ignored, factory_options: _readOnly, ...rest } = b;
  if (units) node.units = units;
  if (prog_resol !== undefined)
    node.prog = changeResolution(node.prog, Number(prog_resol) === 1 ? 48 : 24);
  node.setup = { ...node.setup, ...rest, factory_options: node.setup.factory_options };
}

function applyNodeCommand(model: GatewayModel, node: SimNode, action: string, raw: unknown): void {
  switch (action) {
    case 'status':
      return applyStatus(model, heaterOnly(node), body(statusBody, raw));
    case 'mode': {
      const b = body(modeBody, raw);
      return applyStatus(model, heaterOnly(node), { mode: b.mode, stemp: b.stemp, units: b.units });
    }
    case 'prog_temps': {
      const b = body(progTempsBody, raw);
      return applyStatus(model, heaterOnly(node), b);
    }
    case 'boost': {
      const h = heaterOnly(node);
      const b = body(boostBody, raw);
      if (!b.active) return model.endBoost(h);
      const d = boostDefaults(h);
      const tempC =
        b.temperature === undefined ? d.tempC : celsius(b.temperature, b.units, 'temperature');
      return model.startBoost(h, tempC, b.time ?? d.minutes);
    }
    case 'prog': {
      const h = heaterOnly(node);
      h.prog = progFromWire(body(progBody, raw).prog);
      if (h.mode === 'modified_auto') setMode(model, h, 'auto');
      return;
    }
    case 'setup':
      if (node.kind === 'meter') {
        node.setup = { ...node.setup, ...body(setupBody, raw) };
        return;
      }
      return applySetup(node, raw);
    case 'lock':
      heaterOnly(node).locked = body(lockBody, raw).locked;
      return;
    case 'name':
      node.name = body(nameBody, raw).name;
      return;
    case 'select':
      if (node.kind === 'heater') node.selected = body(selectBody, raw).select;
      else body(selectBody, raw);
      return;
    case 'power_limit': {
      if (node.kind !== 'meter') throw new CommandError('only a power monitor has a power limit');
      node.powerLimit = String(body(powerLimitBody, raw).power_limit);
      return;
    }
    default:
      throw new CommandError(`unknown path /${node.type}/${node.addr}/${action}`);
  }
}

function applySystemCommand(model: GatewayModel, path: string, raw: unknown): void {
  switch (path) {
    case '/mgr/away_status': {
      const b = body(awayBody, raw);
      model.away = { ...model.away, ...b, forced: b.forced ?? model.away.forced };
      return;
    }
    case '/mgr/discovery': {
      const b = body(discoveryBody, raw);
      if (b.discovery === 'off') return model.stopDiscovery();
      return model.requestDiscovery(b.type ?? 'htr', b.addr);
    }
    case '/htr_system/power_limit':
      model.powerLimitW = body(powerLimitBody, raw).power_limit;
      return;
    case '/pmo_system':
      model.pmoSystem = body(pmoSystemBody, raw);
      return;
    default:
      throw new CommandError(`unknown path ${path}`);
  }
}

function erase(model: GatewayModel, node: SimNode, raw: unknown): void {
  const purge = body(eraseBody, raw)?.purge ?? false;
  if (purge) {
    model.nodes = model.nodes.filter((n) => n !== node);
    model.pmoSystem.main_circuit_pmos = model.pmoSystem.main_circuit_pmos.filter(
      (a) => a !== node.addr || node.type !== 'pmo',
    );
  } else {
    // Kept uninstalled so that discovery with the same addr can put a replacement there.
    node.installed = false;
  }
}

/**
 * Validates and applies one command to the model. Every handler parses and converts its
 * whole body before it changes anything, so a rejected command leaves no trace.
 */
export function applyCommand(model: GatewayModel, cmd: GatewayCommand): CommandResult {
  const segments = cmd.path.split('/').filter(Boolean);
  const type = segments[0] === undefined ? undefined : parseNodeType(segments[0]);
  const addr = Number(segments[1]);
  const isNodePath = type !== undefined && segments.length >= 2 && Number.isInteger(addr);
  try {
    if (!isNodePath) {
      if (cmd.method !== 'POST') return fail(`${cmd.method} is not allowed on ${cmd.path}`);
      applySystemCommand(model, cmd.path, cmd.body);
      return OK;
    }
    const node = model.findNode(type, addr);
    if (!node || (!node.installed && cmd.method === 'POST'))
      return fail(`node not found: /${type}/${addr}`);
    if (cmd.method === 'DELETE') {
      if (segments.length !== 2) return fail(`DELETE is not allowed on ${cmd.path}`);
      erase(model, node, cmd.body);
      return OK;
    }
    if (segments.length !== 3 || !segments[2]) return fail(`unknown path ${cmd.path}`);
    applyNodeCommand(model, node, segments[2], cmd.body);
    return OK;
  } catch (err) {
    if (!(err instanceof CommandError)) throw err;
    return fail(err.message);
  }
}
