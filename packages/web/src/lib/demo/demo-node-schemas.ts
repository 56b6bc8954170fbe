import {
  modeDisabledProblem,
  profileTemperaturesProblem,
  progSlotsProblem,
  rangeProblem,
  setupValueProblem,
  stempRange,
  type NodeWriteAction,
  type TemperatureUnits,
} from '@hearth/protocol';
import { badRequest } from './demo-validate';

/** What the server checks against the node itself, read as the node reports it. */
export interface NodeView {
  setup: Record<string, unknown>;
  status: Record<string, unknown>;
}

const ownUnits = (n: NodeView): TemperatureUnits =>
  n.setup.units === 'F' || n.setup.units === 'C'
    ? n.setup.units
    : n.status.units === 'F'
      ? 'F'
      : 'C';

/** 400 for a temperature outside the node's range (spec 3 §5: setup limits, else 5–30 °C). */
export function checkRange(n: NodeView, units: unknown, values: Record<string, unknown>): void {
  if (units !== 'C' && units !== 'F') return;
  const range = stempRange(n.setup, ownUnits(n), units);
  for (const [key, text] of Object.entries(values)) {
    if (typeof text !== 'string') continue;
    const problem = rangeProblem(key, Number(text), range, units);
    if (problem) throw badRequest(problem);
  }
}

/** 400 with the words of a refusal, when there is one. */
function refuse(problem: string | undefined): void {
  if (problem) throw badRequest(problem);
}

/** The server's checks of a node write against the node, before anything changes. */
export function checkNodeWrite(
  n: NodeView,
  action: NodeWriteAction,
  b: Record<string, unknown>,
): void {
  if (action === 'status' || action === 'prog_temps') {
    const { stemp, comf_temp, eco_temp, ice_temp } = b;
    checkRange(n, b.units, { stemp, comf_temp, eco_temp, ice_temp });
    if (b.units === 'C' || b.units === 'F')
      refuse(profileTemperaturesProblem(n.status, b.units, b));
  }
  if (action === 'status' || action === 'mode') refuse(modeDisabledProblem(n.setup, b.mode));
  if (action === 'mode') checkRange(n, b.units, { stemp: b.stemp });
  if (action === 'setup') refuse(setupValueProblem(n.setup, b));
  if (action === 'boost') checkRange(n, b.units, { temperature: b.temperature });
  if (action === 'prog') refuse(progSlotsProblem(n.setup, b.prog as Record<string, number[]>));
}
