import {
  celsiusToFahrenheit,
  fahrenheitToCelsius,
  modeDisabledProblem,
  parseDecimal,
  profileTemperaturesProblem,
  progSlotsProblem,
  rangeProblem,
  runbackSettings,
  setupValueProblem,
  stempRange,
  type NodeMode,
  type Prog,
  type ProfileTempKey,
  type StempRange,
  type TemperatureUnits,
} from '@hearth/protocol';
import { errors } from '../errors';
import type { NodeRow } from '../repositories/nodes.repository';

type LimitedNode = Pick<NodeRow, 'setup' | 'status'>;

/** The units the node's setup and status are written in. */
function ownUnits(node: LimitedNode): TemperatureUnits {
  const setupUnits = node.setup?.units;
  if (setupUnits === 'F' || setupUnits === 'C') return setupUnits;
  return node.status?.units === 'F' ? 'F' : 'C';
}

/** The node's set-point range in `units` (protocol rules/node-limits: setup min/max, else 5–30 °C). */
export function temperatureRange(node: LimitedNode, units: TemperatureUnits): StempRange {
  return stempRange(node.setup, ownUnits(node), units);
}

/** 400 when any given temperature is outside the node's range; nothing is stored before this. */
export function checkTemperatures(
  node: LimitedNode,
  units: TemperatureUnits | undefined,
  values: Record<string, string | undefined>,
): void {
  const given = Object.entries(values).filter((e): e is [string, string] => e[1] !== undefined);
  if (given.length === 0 || !units) return;
  const range = temperatureRange(node, units);
  for (const [key, text] of given) {
    const problem = rangeProblem(key, Number(text), range, units);
    if (problem) throw errors.validation(problem);
  }
}

/**
 * 400 unless anti-frost ≤ eco ≤ comfort still holds once the given programme temperatures
 * replace the node's current ones (spec 3 §3 schedule temperatures, lowest to highest).
 */
export function checkProfileOrder(
  node: LimitedNode,
  units: TemperatureUnits | undefined,
  values: Partial<Record<ProfileTempKey, string | undefined>>,
): void {
  const problem = units && profileTemperaturesProblem(node.status, units, values);
  if (problem) throw errors.validation(problem);
}

/**
 * 400 for a mode the node's setup says is off (setback, runback, easy); a setup that does
 * not say leaves it to the device.
 */
export function checkModeEnabled(node: LimitedNode, mode: NodeMode | undefined): void {
  const problem = modeDisabledProblem(node.setup, mode);
  if (problem) throw errors.validation(problem);
}

/** 400 when a runback is asked above the node's `extra_options.max_runback_temp`. */
export function checkRunbackTemp(
  node: LimitedNode,
  mode: NodeMode | undefined,
  stemp: string | undefined,
  units: TemperatureUnits | undefined,
): void {
  if (mode !== 'runback' || stemp === undefined || !units) return;
  const extra = node.setup?.extra_options as Record<string, unknown> | undefined;
  const raw = extra?.max_runback_temp;
  const max = typeof raw === 'string' || typeof raw === 'number' ? parseDecimal(raw) : undefined;
  if (max === undefined) return;
  const own = ownUnits(node);
  const limit =
    own === units ? max : units === 'F' ? celsiusToFahrenheit(max) : fahrenheitToCelsius(max);
  if (Number(stemp) > limit + 0.05)
    throw errors.validation(
      `the runback temperature must not be above ${Math.round(limit * 10) / 10} °${units}`,
    );
}

/** 400 when a runback is asked for longer than the node's `extra_options.max_runback_time`. */
export function checkRunbackTime(node: LimitedNode, minutes: number | undefined): void {
  if (minutes === undefined) return;
  const max = runbackSettings(node.setup?.extra_options, ownUnits(node)).maxMinutes;
  if (max !== undefined && minutes > max)
    throw errors.validation(`the runback time must not be above ${max} minutes`);
}

/**
 * 400 for a setup entry the client changed to a value spec 3 §5 and §9 do not allow
 * (protocol's `setupValueProblem`); entries written back as the device reported them pass.
 */
export function checkSetupValues(
  current: Record<string, unknown>,
  write: Record<string, unknown>,
): void {
  const problem = setupValueProblem(current, write);
  if (problem) throw errors.validation(problem);
}

/**
 * 400 for a weekly programme whose days do not have the slots the node's schedule method asks
 * (spec 3 §3 prog: 24 for 60 min, 48 for 30 min): the device would run a programme of another
 * resolution than its setup says. A node whose setup names no method takes either.
 */
export function checkProgResolution(node: LimitedNode, prog: Prog): void {
  const problem = progSlotsProblem(node.setup, prog);
  if (problem) throw errors.validation(problem);
}
