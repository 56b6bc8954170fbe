import {
  formatDecimal,
  GEO_DATA_PATH,
  geoDataCommandSchema,
  MAX_STEMP_KEY,
  mergeSettings,
  MIN_STEMP_KEY,
  nodeWriteBodyFor,
  nodeWriteTargetProblem,
  parseDecimal,
  parseNodeCommandPath,
  profileOrderProblem,
  rangeProblem,
  type GatewayCommand,
  type NodeMode,
  type NodeStatusWrite,
  type NodeWriteAction,
  type NodeWriteValue,
  type TemperatureUnits,
} from '@hearth/protocol';
import { assertTimeZone } from './clock';
import type { z } from 'zod';
import {
  awayBody,
  discoveryBody,
  parseBody,
  pmoSystemBody,
  powerLimitBody,
} from './command-schemas';
import type { GatewayModel } from './model';
import type { HeaterNode, MeterNode, SimNode } from './node';
import { changeResolution, progFromWire, slotAt } from './programme';
import { extraOptions, runbackDefaults } from './targets';
import { fromCelsius, toCelsius } from './units';

export type CommandResult = { ok: true } | { ok: false; error: string };

const OK: CommandResult = { ok: true };
const fail = (error: string): CommandResult => ({ ok: false, error });

class CommandError extends Error {}

function body<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = parseBody(schema, value);
  if (!parsed.ok) throw new CommandError(parsed.error);
  return parsed.value;
}

/** Converts a temperature of the command to °C and checks it is within the node's limits. */
function celsius(
  node: HeaterNode,
  value: number,
  units: TemperatureUnits | undefined,
  field: string,
): number {
  if (!units) throw new CommandError(`units is required with ${field}`);
  const range = { min: fromCelsius(node.minC, units), max: fromCelsius(node.maxC, units) };
  const problem = rangeProblem(field, value, range, units);
  if (problem) throw new CommandError(problem);
  return toCelsius(value, units);
}

/** Modes a node takes only when its setup enables them (spec 3 §3 settings). */
function modeEnabled(node: HeaterNode, mode: NodeMode): boolean {
  if (mode === 'setback') return extraOptions(node).setback_enabled === true;
  if (mode === 'runback') return node.setup.runback_mode_enabled === true;
  if (mode === 'easy') return node.setup.easy_mode_enabled === true;
  return true;
}

/** The node as a heater; the node write table has already refused a heater write to others. */
function heater(node: SimNode): HeaterNode {
  if (node.kind !== 'heater') throw new CommandError(`a ${node.type} has no such setting`);
  return node;
}

function meter(node: SimNode): MeterNode {
  if (node.kind !== 'meter') throw new CommandError('only a power monitor has a power limit');
  return node;
}

function boostDefaults(node: HeaterNode): { tempC: number; minutes: number } {
  const extra = extraOptions(node);
  const temp = parseDecimal(extra.boost_temp as string | number | undefined);
  const minutes = Number(extra.boost_time);
  return {
    tempC: temp === undefined ? node.comfC : toCelsius(temp, node.units),
    minutes: Number.isInteger(minutes) && minutes > 0 ? minutes : 60,
  };
}

function checkRunbackTemp(node: HeaterNode, tempC: number | undefined): void {
  const d = runbackDefaults(node);
  if ((tempC ?? d.tempC) > d.maxC + 0.05)
    throw new CommandError('the runback temperature must not be above max_runback_temp');
}

function checkRunbackTime(node: HeaterNode, minutes: number | undefined): void {
  if (minutes !== undefined && minutes > runbackDefaults(node).minutes)
    throw new CommandError('the runback time must not be above max_runback_time');
}

/**
 * Runback at a temperature (default the setup's) for the minutes asked, or the setup's
 * max_runback_time when none are.
 */
function startRunback(
  model: GatewayModel,
  node: HeaterNode,
  tempC: number | undefined,
  minutes: number | undefined,
): void {
  checkRunbackTemp(node, tempC);
  checkRunbackTime(node, minutes);
  const d = runbackDefaults(node);
  model.startRunback(node, tempC ?? d.tempC, minutes ?? d.minutes);
}

function setMode(
  model: GatewayModel,
  node: HeaterNode,
  mode: NodeMode,
  stempC?: number,
  minutes?: number,
): void {
  if (!modeEnabled(node, mode)) throw new CommandError(`${mode} mode is not enabled on this node`);
  if (mode === 'boost') {
    const d = boostDefaults(node);
    model.startBoost(node, stempC ?? d.tempC, d.minutes);
    return;
  }
  if (mode === 'runback') return startRunback(model, node, stempC, minutes);
  if (node.mode === 'boost' || node.mode === 'runback') model.endBoost(node);
  // Easy starts from the comfort temperature; setback heats to its own (setup) temperature.
  if (mode === 'easy' && node.mode !== 'easy') node.stempC = node.comfC;
  node.mode = mode;
  node.modifiedSlot = null;
  if (stempC !== undefined && mode !== 'setback' && mode !== 'auto') node.stempC = stempC;
}

/** A new set point without a mode: in auto it overrides the programme until the next slot. */
function setStemp(model: GatewayModel, node: HeaterNode, c: number): void {
  if (node.mode === 'boost' || node.mode === 'runback') {
    node.boostTempC = c;
  } else if (node.mode === 'setback') {
    // Setback holds its own temperature: a set point by hand takes the node to manual.
    node.stempC = c;
    node.mode = 'manual';
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

function applyStatus(model: GatewayModel, node: HeaterNode, b: NodeStatusWrite): void {
  const units = b.units;
  // The write's temperatures are one-decimal strings (docs/wire-contract.md §1).
  const c = (value: string | undefined, field: string) =>
    value === undefined ? undefined : celsius(node, Number(value), units, field);
  const temps = {
    stemp: c(b.stemp, 'stemp'),
    comf: c(b.comf_temp, 'comf_temp'),
    eco: c(b.eco_temp, 'eco_temp'),
    ice: c(b.ice_temp, 'ice_temp'),
  };
  const order = profileOrderProblem(
    { ice_temp: temps.ice, eco_temp: temps.eco, comf_temp: temps.comf },
    { ice_temp: node.iceC, eco_temp: node.ecoC, comf_temp: node.comfC },
  );
  if (order) throw new CommandError(order);
  if (b.mode !== undefined && !modeEnabled(node, b.mode))
    throw new CommandError(`${b.mode} mode is not enabled on this node`);
  if (b.mode === 'runback') {
    checkRunbackTemp(node, temps.stemp);
    checkRunbackTime(node, b.time);
  }
  if (temps.comf !== undefined) node.comfC = temps.comf;
  if (temps.eco !== undefined) node.ecoC = temps.eco;
  if (temps.ice !== undefined) node.iceC = temps.ice;
  if (b.locked !== undefined) node.locked = b.locked;
  if (b.mode !== undefined) {
    setMode(model, node, b.mode, temps.stemp, b.time);
  } else if (temps.stemp !== undefined) {
    setStemp(model, node, temps.stemp);
  }
  if (b.boost === true && node.mode !== 'boost') setMode(model, node, 'boost');
  if (b.boost === false) model.endBoost(node);
}

function applySetup(node: HeaterNode, b: NodeWriteValue<'setup'>): void {
  // Limits and factory options belong to the hardware: a client's copy never changes them.
  const {
    units,
    prog_resol,
    sync_status: _ignored,
    factory_options: _readOnly,
    [MIN_STEMP_KEY]: _min,
    [MAX_STEMP_KEY]: _max,
    ...rest
  } = b;
  if (units === 'C' || units === 'F') node.units = units;
  if (prog_resol !== undefined)
    node.prog = changeResolution(node.prog, Number(prog_resol) === 1 ? 48 : 24);
  // The device keeps and echoes its boost temperature with one decimal (docs/wire-contract.md §1).
  const extra = rest.extra_options as Record<string, unknown> | undefined;
  if (typeof extra?.boost_temp === 'string')
    rest.extra_options = { ...extra, boost_temp: formatDecimal(Number(extra.boost_temp)) };
  // A partial write of a nested setting (extra_options) keeps the rest of it.
  node.setup = { ...mergeSettings(node.setup, rest), factory_options: node.setup.factory_options };
}

/** What a node does with each write of protocol's node write table, its body already checked. */
type NodeCommands = {
  [A in NodeWriteAction]: (model: GatewayModel, node: SimNode, body: NodeWriteValue<A>) => void;
};

const NODE_COMMANDS: NodeCommands = {
  status: (model, node, b) => applyStatus(model, heater(node), b),
  mode: (model, node, b) => applyStatus(model, heater(node), b),
  prog_temps: (model, node, b) => applyStatus(model, heater(node), b),
  boost: (model, node, b) => {
    const h = heater(node);
    if (!b.active) return model.endBoost(h);
    const d = boostDefaults(h);
    const tempC =
      b.temperature === undefined
        ? d.tempC
        : celsius(h, Number(b.temperature), b.units, 'temperature');
    model.startBoost(h, tempC, b.time ?? d.minutes);
  },
  prog: (model, node, b) => {
    const h = heater(node);
    h.prog = progFromWire(b.prog);
    if (h.mode === 'modified_auto') setMode(model, h, 'auto');
  },
  setup: (_model, node, b) => {
    if (node.kind === 'meter') node.setup = mergeSettings(node.setup, b);
    else applySetup(node, b);
  },
  lock: (_model, node, b) => {
    heater(node).locked = b.locked;
  },
  name: (_model, node, b) => {
    node.name = b.name;
  },
  select: (_model, node, b) => {
    if (node.kind === 'heater') node.selected = b.select;
  },
  power_limit: (_model, node, b) => {
    meter(node).powerLimit = String(b.power_limit);
  },
  erase: (model, node, b) => {
    if (b?.purge) {
      model.nodes = model.nodes.filter((n) => n !== node);
      model.pmoSystem.main_circuit_pmos = model.pmoSystem.main_circuit_pmos.filter(
        (a) => a !== node.addr || node.type !== 'pmo',
      );
    } else {
      // Kept uninstalled so that discovery with the same addr can put a replacement there.
      node.installed = false;
    }
  },
};

/**
 * A node's command is one of protocol's node writes, checked as the server checked it: the
 * write's body for the node's type (a setup only the type's settings), and the nodes it reaches.
 * The server forwards only bodies it took, so the simulator is no more tolerant than it is.
 */
function applyNodeCommand<A extends NodeWriteAction>(
  model: GatewayModel,
  node: SimNode,
  action: A,
  raw: unknown,
): void {
  const value = body(nodeWriteBodyFor(action, node.type), raw);
  const problem = nodeWriteTargetProblem(action, node.type);
  if (problem) throw new CommandError(problem);
  NODE_COMMANDS[action](model, node, value);
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
    case GEO_DATA_PATH: {
      const geo = body(geoDataCommandSchema, raw);
      if (geo.tz_code !== undefined) {
        try {
          assertTimeZone(geo.tz_code);
        } catch {
          throw new CommandError(`unknown time zone: ${geo.tz_code}`);
        }
        model.timezone = geo.tz_code;
      }
      model.geo = { ...geo };
      return;
    }
    default:
      throw new CommandError(`unknown path ${path}`);
  }
}

/**
 * Validates and applies one command to the model. Every handler parses and converts its
 * whole body before it changes anything, so a rejected command leaves no trace.
 */
export function applyCommand(model: GatewayModel, cmd: GatewayCommand): CommandResult {
  const write = parseNodeCommandPath(cmd.method, cmd.path);
  try {
    if (!write) {
      if (cmd.method !== 'POST') return fail(`${cmd.method} is not allowed on ${cmd.path}`);
      applySystemCommand(model, cmd.path, cmd.body);
      return OK;
    }
    const { type, addr } = write.node;
    const node = model.findNode(type, addr);
    if (!node || (!node.installed && cmd.method === 'POST'))
      return fail(`node not found: /${type}/${addr}`);
    if (write.action === 'unknown')
      return fail(
        cmd.method === 'POST'
          ? `unknown path ${cmd.path}`
          : `${cmd.method} is not allowed on ${cmd.path}`,
      );
    applyNodeCommand(model, node, write.action, cmd.body);
    return OK;
  } catch (err) {
    if (!(err instanceof CommandError)) throw err;
    return fail(err.message);
  }
}
