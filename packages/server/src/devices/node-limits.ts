import {
  awayOffsetRange,
  celsiusToFahrenheit,
  convertTemperature,
  FLOOR_PROBE_BETA,
  FLOOR_PROBE_MAX_TEMP,
  isValidLockPassword,
  LOCK_PASSWORD_MAX,
  RUNBACK_TIME,
  SCHEDULE_METHOD_HALF_HOUR,
  SCHEDULE_METHOD_HOUR,
  fahrenheitToCelsius,
  parseDecimal,
  PROFILE_TEMP_KEYS,
  profileOrderProblem,
  rangeProblem,
  runbackSettings,
  setupSlotsPerDay,
  stempRange,
  type NodeMode,
  type Prog,
  type ProfileTempKey,
  type StempRange,
  type TemperatureUnits,
} from '@hearth/protocol';
import { badRequest } from '../errors';
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
    if (problem) throw badRequest(problem);
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
  if (!units) return;
  const statusUnits: TemperatureUnits = node.status?.units === 'F' ? 'F' : 'C';
  const toUnits = (v: number) =>
    statusUnits === units ? v : units === 'F' ? celsiusToFahrenheit(v) : fahrenheitToCelsius(v);
  const next: Partial<Record<ProfileTempKey, number>> = {};
  const current: Partial<Record<ProfileTempKey, number>> = {};
  for (const key of PROFILE_TEMP_KEYS) {
    const given = values[key];
    if (given !== undefined) next[key] = Number(given);
    const stored = node.status?.[key];
    const parsed =
      typeof stored === 'string' || typeof stored === 'number' ? parseDecimal(stored) : undefined;
    if (parsed !== undefined) current[key] = toUnits(parsed);
  }
  if (Object.keys(next).length === 0) return;
  const problem = profileOrderProblem(next, current);
  if (problem) throw badRequest(problem);
}

/** Setup flags that switch optional modes off (spec 3 §3 settings); where they live in the setup. */
const MODE_FLAGS: Partial<Record<NodeMode, (setup: Record<string, unknown>) => unknown>> = {
  setback: (s) => (s.extra_options as Record<string, unknown> | undefined)?.setback_enabled,
  runback: (s) => s.runback_mode_enabled,
  easy: (s) => s.easy_mode_enabled,
};

/**
 * 400 for a mode the node's setup says is off (setback, runback, easy); a setup that does
 * not say leaves it to the device.
 */
export function checkModeEnabled(node: LimitedNode, mode: NodeMode | undefined): void {
  const flag = mode === undefined ? undefined : MODE_FLAGS[mode];
  const extra = node.setup?.extra_options;
  const setup = { ...(node.setup ?? {}), extra_options: typeof extra === 'object' ? extra : {} };
  if (mode && flag && flag(setup) === false)
    throw badRequest(`${mode} mode is not enabled on this node; enable it in its settings first`);
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
    throw badRequest(
      `the runback temperature must not be above ${Math.round(limit * 10) / 10} °${units}`,
    );
}

/** 400 when a runback is asked for longer than the node's `extra_options.max_runback_time`. */
export function checkRunbackTime(node: LimitedNode, minutes: number | undefined): void {
  if (minutes === undefined) return;
  const max = runbackSettings(node.setup?.extra_options, ownUnits(node)).maxMinutes;
  if (max !== undefined && minutes > max)
    throw badRequest(`the runback time must not be above ${max} minutes`);
}

type Range = { min: number; max: number };

/** Where a checked setup entry lives, and the range it must keep in the setup's units. */
const SETUP_RANGES: Array<{
  path: readonly string[];
  range: (units: TemperatureUnits) => Range;
  unit: (units: TemperatureUnits) => string;
}> = [
  { path: ['away_offset'], range: awayOffsetRange, unit: (u) => ` °${u}` },
  { path: ['extra_options', 'max_runback_time'], range: () => RUNBACK_TIME, unit: () => ' min' },
  {
    path: ['max_floor_probe_temperature'],
    range: (u) => ({
      min: convertTemperature(FLOOR_PROBE_MAX_TEMP.min, 'C', u),
      max: convertTemperature(FLOOR_PROBE_MAX_TEMP.max, 'C', u),
    }),
    unit: (u) => ` °${u}`,
  },
  { path: ['floor_probe_beta'], range: () => FLOOR_PROBE_BETA, unit: () => '' },
];

function at(obj: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>(
    (o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
    obj,
  );
}

/**
 * 400 for a setup entry the client changed to a value spec 3 §5 and §9 do not allow: the lock
 * password (at most 4 digits, "" for none), the away offset (0–5 °C or 0–9 °F), the longest
 * runback (0–60 min), the floor probe's highest temperature (20–35 °C) and its beta
 * (2000–5000), the schedule method (0 or 1). Entries written back as the device reported them are the device's business.
 */
export function checkSetupValues(
  current: Record<string, unknown>,
  write: Record<string, unknown>,
): void {
  const changed = (path: readonly string[]) =>
    at(write, path) !== undefined &&
    JSON.stringify(at(write, path)) !== JSON.stringify(at(current, path));
  if (changed(['lock_password'])) {
    const password = write.lock_password;
    if (!(password === '' || (typeof password === 'string' && isValidLockPassword(password))))
      throw badRequest(
        `lock_password must be a string of at most ${LOCK_PASSWORD_MAX} digits, e.g. "1234"`,
      );
  }
  // Spec 3 §9: the schedule method is 60 min (0) or 30 min (1); §3 names both spellings.
  for (const key of ['prog_resol', 'prog_resolution']) {
    const method = write[key];
    if (changed([key]) && method !== SCHEDULE_METHOD_HOUR && method !== SCHEDULE_METHOD_HALF_HOUR)
      throw badRequest(
        `${key} must be ${SCHEDULE_METHOD_HOUR} (60 minutes) or ${SCHEDULE_METHOD_HALF_HOUR} (30 minutes)`,
      );
  }
  const units: TemperatureUnits = (write.units ?? current.units) === 'F' ? 'F' : 'C';
  for (const { path, range, unit } of SETUP_RANGES) {
    if (!changed(path)) continue;
    const raw = at(write, path);
    const value =
      typeof raw === 'string' || typeof raw === 'number' ? parseDecimal(raw) : undefined;
    const { min, max } = range(units);
    if (value === undefined || value < min - 1e-9 || value > max + 1e-9)
      throw badRequest(`${path.join('.')} must be between ${min} and ${max}${unit(units)}`);
  }
}

/**
 * 400 for a weekly programme whose days do not have the slots the node's schedule method asks
 * (spec 3 §3 prog: 24 for 60 min, 48 for 30 min): the device would run a programme of another
 * resolution than its setup says. A node whose setup names no method takes either.
 */
export function checkProgResolution(node: LimitedNode, prog: Prog): void {
  const expected = setupSlotsPerDay(node.setup);
  const got = prog['0'].length;
  if (expected !== undefined && got !== expected)
    throw badRequest(
      `prog must have ${expected} slots a day, as the node's schedule method (prog_resol) asks; it has ${got}`,
    );
}
