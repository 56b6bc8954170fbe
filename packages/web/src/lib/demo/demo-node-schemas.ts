import {
  boostWriteSchema,
  lockWriteSchema,
  modeDisabledProblem,
  modeWriteSchema,
  nameWriteSchema,
  nodeStatusWriteSchema,
  powerLimitWriteSchema,
  profileTemperaturesProblem,
  progSlotsProblem,
  progTempsWriteSchema,
  progWriteSchema,
  rangeProblem,
  selectWriteSchema,
  setupValueProblem,
  setupWriteSchema,
  stempRange,
  type TemperatureUnits,
} from '@hearth/protocol';
import { badRequest } from './demo-validate';

/** The node write bodies, as the server takes them (protocol's node-writes). */
export const NODE_WRITES = {
  status: nodeStatusWriteSchema,
  mode: modeWriteSchema,
  prog_temps: progTempsWriteSchema,
  boost: boostWriteSchema,
  prog: progWriteSchema,
  lock: lockWriteSchema,
  setup: setupWriteSchema,
  name: nameWriteSchema,
  select: selectWriteSchema,
  power_limit: powerLimitWriteSchema,
} as const;
export type NodeAction = keyof typeof NODE_WRITES;
export const isNodeAction = (action: string): action is NodeAction => action in NODE_WRITES;

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
export function checkNodeWrite(n: NodeView, action: NodeAction, b: Record<string, unknown>): void {
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
