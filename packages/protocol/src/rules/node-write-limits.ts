import { celsiusToFahrenheit, fahrenheitToCelsius, parseDecimal } from '../format';
import type { TemperatureUnits } from '../node-types';
import {
  FLOOR_PROBE_BETA,
  FLOOR_PROBE_MAX_TEMP,
  LOCK_PASSWORD_MAX,
  RUNBACK_TIME,
  SCHEDULE_METHOD_HALF_HOUR,
  SCHEDULE_METHOD_HOUR,
} from './constants';
import { PROFILE_TEMP_KEYS, profileOrderProblem, type ProfileTempKey } from './node-limits';
import { setupSlotsPerDay } from './schedule';
import { awayOffsetRange, convertTemperature } from './temperature';
import { isValidLockPassword } from './validation';

/*
 * What a node write is checked against the node itself (spec 3 §3, §5, §9), one set for the
 * server and for the app's demo backend: each answers the words of the refusal, or undefined.
 */

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
 * A setup entry the client changed to a value spec 3 §5 and §9 do not allow: the lock password
 * (at most 4 digits, "" for none), the away offset (0–5 °C or 0–9 °F), the longest runback
 * (0–60 min), the floor probe's highest temperature (20–35 °C) and its beta (2000–5000), the
 * schedule method (0 or 1). Entries written back as the device reported them are the device's
 * business.
 */
export function setupValueProblem(
  current: Record<string, unknown>,
  write: Record<string, unknown>,
): string | undefined {
  const changed = (path: readonly string[]) =>
    at(write, path) !== undefined &&
    JSON.stringify(at(write, path)) !== JSON.stringify(at(current, path));
  if (changed(['lock_password'])) {
    const password = write.lock_password;
    if (!(password === '' || (typeof password === 'string' && isValidLockPassword(password))))
      return `lock_password must be a string of at most ${LOCK_PASSWORD_MAX} digits, e.g. "1234"`;
  }
  // Spec 3 §9: the schedule method is 60 min (0) or 30 min (1); §3 names both spellings.
  for (const key of ['prog_resol', 'prog_resolution']) {
    const method = write[key];
    if (changed([key]) && method !== SCHEDULE_METHOD_HOUR && method !== SCHEDULE_METHOD_HALF_HOUR)
      return `${key} must be ${SCHEDULE_METHOD_HOUR} (60 minutes) or ${SCHEDULE_METHOD_HALF_HOUR} (30 minutes)`;
  }
  const units: TemperatureUnits = (write.units ?? current.units) === 'F' ? 'F' : 'C';
  for (const { path, range, unit } of SETUP_RANGES) {
    if (!changed(path)) continue;
    const raw = at(write, path);
    const value =
      typeof raw === 'string' || typeof raw === 'number' ? parseDecimal(raw) : undefined;
    const { min, max } = range(units);
    if (value === undefined || value < min - 1e-9 || value > max + 1e-9)
      return `${path.join('.')} must be between ${min} and ${max}${unit(units)}`;
  }
  return undefined;
}

/** Setup flags that switch optional modes off (spec 3 §3 settings); where they live in the setup. */
const MODE_FLAGS: Record<string, (setup: Record<string, unknown>) => unknown> = {
  setback: (s) => (s.extra_options as Record<string, unknown> | undefined)?.setback_enabled,
  runback: (s) => s.runback_mode_enabled,
  easy: (s) => s.easy_mode_enabled,
};

/**
 * A mode the node's setup says is off (setback, runback, easy); a setup that does not say
 * leaves it to the device.
 */
export function modeDisabledProblem(
  setup: Record<string, unknown> | null | undefined,
  mode: unknown,
): string | undefined {
  const flag = typeof mode === 'string' ? MODE_FLAGS[mode] : undefined;
  if (!flag) return undefined;
  const extra = setup?.extra_options;
  const view = { ...(setup ?? {}), extra_options: typeof extra === 'object' ? extra : {} };
  return flag(view) === false
    ? `${String(mode)} mode is not enabled on this node; enable it in its settings first`
    : undefined;
}

/**
 * Anti-frost ≤ eco ≤ comfort must still hold once the given programme temperatures (in
 * `units`) replace the node's current ones (spec 3 §3 schedule temperatures, lowest to highest).
 */
export function profileTemperaturesProblem(
  status: Record<string, unknown> | null | undefined,
  units: TemperatureUnits,
  values: Partial<Record<ProfileTempKey, unknown>>,
): string | undefined {
  const statusUnits: TemperatureUnits = status?.units === 'F' ? 'F' : 'C';
  const toUnits = (v: number) =>
    statusUnits === units ? v : units === 'F' ? celsiusToFahrenheit(v) : fahrenheitToCelsius(v);
  const next: Partial<Record<ProfileTempKey, number>> = {};
  const current: Partial<Record<ProfileTempKey, number>> = {};
  for (const key of PROFILE_TEMP_KEYS) {
    const given = values[key];
    if (typeof given === 'string') next[key] = Number(given);
    const stored = status?.[key];
    const parsed =
      typeof stored === 'string' || typeof stored === 'number' ? parseDecimal(stored) : undefined;
    if (parsed !== undefined) current[key] = toUnits(parsed);
  }
  if (Object.keys(next).length === 0) return undefined;
  return profileOrderProblem(next, current) ?? undefined;
}

/**
 * A weekly programme whose days do not have the slots the node's schedule method asks (spec 3
 * §3 prog: 24 for 60 min, 48 for 30 min). A node whose setup names no method takes either.
 */
export function progSlotsProblem(
  setup: Record<string, unknown> | null | undefined,
  prog: Record<string, readonly unknown[]>,
): string | undefined {
  const expected = setupSlotsPerDay(setup);
  const got = prog['0']?.length ?? 0;
  return expected !== undefined && got !== expected
    ? `prog must have ${expected} slots a day, as the node's schedule method (prog_resol) asks; it has ${got}`
    : undefined;
}
