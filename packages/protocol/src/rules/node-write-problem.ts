import { celsiusToFahrenheit, fahrenheitToCelsius, parseDecimal } from '../format';
import type { NodeWriteAction } from '../node-write-table';
import type { NodeType, TemperatureUnits } from '../node-types';
import { setupRangeProblem } from '../node-settings/setting-ranges';
import { rangeProblem, runbackSettings, stempRange } from './node-limits';
import {
  modeDisabledProblem,
  profileTemperaturesProblem,
  progSlotsProblem,
  setupValueProblem,
} from './node-write-limits';

/*
 * Every check of a node write against the node itself, in the order the server makes them
 * (spec 3 §3, §4, §5, §9): one answer for the server's write routes and the app's demo
 * backend, the words of the first refusal or undefined. The body has passed its schema
 * (protocol's node write table); who may write (owner-only entries) is the caller's check.
 */

/** The node as it reads now: its type when known, its setup and status as reported. */
export interface CheckedNode {
  type?: NodeType;
  setup?: Record<string, unknown> | null;
  status?: Record<string, unknown> | null;
}

const isUnits = (u: unknown): u is TemperatureUnits => u === 'C' || u === 'F';

/** The units the node's setup and status are written in. */
export function nodeOwnUnits(node: CheckedNode): TemperatureUnits {
  const setupUnits = node.setup?.units;
  if (isUnits(setupUnits)) return setupUnits;
  return node.status?.units === 'F' ? 'F' : 'C';
}

/** The first given temperature (decimal text in `units`) outside the node's range. */
function temperaturesProblem(
  node: CheckedNode,
  units: unknown,
  values: Record<string, unknown>,
): string | undefined {
  if (!isUnits(units)) return undefined;
  const range = stempRange(node.setup, nodeOwnUnits(node), units);
  for (const [key, text] of Object.entries(values)) {
    if (typeof text !== 'string') continue;
    const problem = rangeProblem(key, Number(text), range, units);
    if (problem) return problem;
  }
  return undefined;
}

/** A runback asked above the node's `extra_options.max_runback_temp`. */
export function runbackTempProblem(
  node: CheckedNode,
  mode: unknown,
  stemp: unknown,
  units: unknown,
): string | undefined {
  if (mode !== 'runback' || typeof stemp !== 'string' || !isUnits(units)) return undefined;
  const extra = node.setup?.extra_options as Record<string, unknown> | undefined;
  const raw = extra?.max_runback_temp;
  const max = typeof raw === 'string' || typeof raw === 'number' ? parseDecimal(raw) : undefined;
  if (max === undefined) return undefined;
  const own = nodeOwnUnits(node);
  const limit =
    own === units ? max : units === 'F' ? celsiusToFahrenheit(max) : fahrenheitToCelsius(max);
  return Number(stemp) > limit + 0.05
    ? `the runback temperature must not be above ${Math.round(limit * 10) / 10} °${units}`
    : undefined;
}

/** A runback asked for longer than the node's `extra_options.max_runback_time`. */
export function runbackTimeProblem(node: CheckedNode, minutes: unknown): string | undefined {
  if (typeof minutes !== 'number') return undefined;
  const max = runbackSettings(node.setup?.extra_options, nodeOwnUnits(node)).maxMinutes;
  return max !== undefined && minutes > max
    ? `the runback time must not be above ${max} minutes`
    : undefined;
}

function modeProblems(node: CheckedNode, b: Record<string, unknown>): string | undefined {
  return (
    modeDisabledProblem(node.setup, b.mode) ??
    runbackTempProblem(node, b.mode, b.stemp, b.units) ??
    runbackTimeProblem(node, b.time)
  );
}

function profileProblem(node: CheckedNode, b: Record<string, unknown>): string | undefined {
  return isUnits(b.units) ? profileTemperaturesProblem(node.status, b.units, b) : undefined;
}

/** What the node refuses of this write, in words, or undefined when it may go to the device. */
export function nodeWriteProblem(
  node: CheckedNode,
  action: NodeWriteAction,
  body: Record<string, unknown>,
): string | undefined {
  const b = body;
  switch (action) {
    case 'status': {
      const { stemp, comf_temp, eco_temp, ice_temp } = b;
      return (
        temperaturesProblem(node, b.units, { stemp, comf_temp, eco_temp, ice_temp }) ??
        profileProblem(node, b) ??
        modeProblems(node, b)
      );
    }
    case 'mode':
      return temperaturesProblem(node, b.units, { stemp: b.stemp }) ?? modeProblems(node, b);
    case 'prog_temps': {
      const { units: _units, ...temps } = b;
      return temperaturesProblem(node, b.units, temps) ?? profileProblem(node, b);
    }
    case 'boost':
      return temperaturesProblem(node, b.units, { temperature: b.temperature });
    case 'setup': {
      const current = node.setup ?? {};
      return (
        setupValueProblem(current, b) ??
        (node.type ? setupRangeProblem(node.type, current, b) : undefined)
      );
    }
    case 'prog':
      return b.prog !== null && typeof b.prog === 'object'
        ? progSlotsProblem(node.setup, b.prog as Record<string, readonly unknown[]>)
        : undefined;
    default:
      return undefined;
  }
}
