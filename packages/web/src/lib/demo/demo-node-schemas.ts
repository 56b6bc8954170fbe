import {
  boostWriteSchema,
  celsiusToFahrenheit,
  fahrenheitToCelsius,
  lockWriteSchema,
  modeWriteSchema,
  nameWriteSchema,
  nodeStatusWriteSchema,
  parseDecimal,
  powerLimitWriteSchema,
  PROFILE_TEMP_KEYS,
  profileOrderProblem,
  progTempsWriteSchema,
  progWriteSchema,
  rangeProblem,
  selectWriteSchema,
  setupSlotsPerDay,
  setupWriteSchema,
  stempRange,
  type ProfileTempKey,
  type TemperatureUnits,
} from '@hearth/protocol';
import { checkModeEnabled, checkSetupValues } from './demo-setup-checks';
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

/** 400 unless anti-frost ≤ eco ≤ comfort still holds after the write (spec 3 §3). */
export function checkOrder(n: NodeView, units: unknown, values: Record<string, unknown>): void {
  if (units !== 'C' && units !== 'F') return;
  const statusUnits: TemperatureUnits = n.status.units === 'F' ? 'F' : 'C';
  const toUnits = (v: number) =>
    statusUnits === units ? v : units === 'F' ? celsiusToFahrenheit(v) : fahrenheitToCelsius(v);
  const next: Partial<Record<ProfileTempKey, number>> = {};
  const current: Partial<Record<ProfileTempKey, number>> = {};
  for (const key of PROFILE_TEMP_KEYS) {
    if (typeof values[key] === 'string') next[key] = Number(values[key]);
    const stored = n.status[key];
    const parsed =
      typeof stored === 'string' || typeof stored === 'number' ? parseDecimal(stored) : undefined;
    if (parsed !== undefined) current[key] = toUnits(parsed);
  }
  if (Object.keys(next).length === 0) return;
  const problem = profileOrderProblem(next, current);
  if (problem) throw badRequest(problem);
}

/** 400 for a programme of another resolution than the node's schedule method (spec 3 §3). */
export function checkProgSlots(n: NodeView, prog: Record<string, number[]>): void {
  const expected = setupSlotsPerDay(n.setup);
  const got = prog['0']?.length ?? 0;
  if (expected !== undefined && got !== expected)
    throw badRequest(
      `prog must have ${expected} slots a day, as the node's schedule method (prog_resol) asks; it has ${got}`,
    );
}

/** The server's checks of a node write against the node, before anything changes. */
export function checkNodeWrite(n: NodeView, action: NodeAction, b: Record<string, unknown>): void {
  if (action === 'status' || action === 'prog_temps') {
    const { stemp, comf_temp, eco_temp, ice_temp } = b;
    checkRange(n, b.units, { stemp, comf_temp, eco_temp, ice_temp });
    checkOrder(n, b.units, b);
  }
  if (action === 'status' || action === 'mode') checkModeEnabled(n.setup, b.mode);
  if (action === 'mode') checkRange(n, b.units, { stemp: b.stemp });
  if (action === 'setup') checkSetupValues(n.setup, b);
  if (action === 'boost') checkRange(n, b.units, { temperature: b.temperature });
  if (action === 'prog') checkProgSlots(n, b.prog as Record<string, number[]>);
}
