import {
  awayOffsetRange,
  convertTemperature,
  FLOOR_PROBE_BETA,
  FLOOR_PROBE_MAX_TEMP,
  isValidLockPassword,
  LOCK_PASSWORD_MAX,
  parseDecimal,
  RUNBACK_TIME,
  SCHEDULE_METHOD_HALF_HOUR,
  SCHEDULE_METHOD_HOUR,
  type TemperatureUnits,
} from '@hearth/protocol';
import { badRequest } from './demo-validate';

type Range = { min: number; max: number };

/** The setup entries the server keeps in range (spec 3 §5, §9), in the setup's units. */
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
 * 400 for a setup entry changed to a value the server refuses: the lock password, the schedule
 * method, the away offset, the longest runback, the floor probe's limits. Entries written back
 * unchanged pass, as on the server.
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

/** Setup flags that switch optional modes off (spec 3 §3 settings). */
const MODE_FLAGS: Record<string, (setup: Record<string, unknown>) => unknown> = {
  setback: (s) => (s.extra_options as Record<string, unknown> | undefined)?.setback_enabled,
  runback: (s) => s.runback_mode_enabled,
  easy: (s) => s.easy_mode_enabled,
};

/** 400 for a mode the node's setup says is off; a setup that does not say leaves it to the device. */
export function checkModeEnabled(setup: Record<string, unknown>, mode: unknown): void {
  const flag = typeof mode === 'string' ? MODE_FLAGS[mode] : undefined;
  const extra = setup.extra_options;
  const view = { ...setup, extra_options: typeof extra === 'object' ? extra : {} };
  if (typeof mode === 'string' && flag && flag(view) === false)
    throw badRequest(`${mode} mode is not enabled on this node; enable it in its settings first`);
}
