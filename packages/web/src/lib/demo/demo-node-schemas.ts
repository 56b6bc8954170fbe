import { z } from 'zod';
import {
  celsiusToFahrenheit,
  decimalString,
  fahrenheitToCelsius,
  formatDecimal,
  NODE_MODES,
  parseDecimal,
  PROFILE_TEMP_KEYS,
  profileOrderProblem,
  progSchema,
  rangeProblem,
  setupSlotsPerDay,
  stempRange,
  unitsSchema,
  type ProfileTempKey,
  type TemperatureUnits,
} from '@hearth/protocol';
import { powerLimitWrite } from './demo-manager-writes';
import { checkModeEnabled, checkSetupValues } from './demo-setup-checks';
import { badRequest } from './demo-validate';

/**
 * The server's node write bodies (API.md §5 per-node table), so that the demo refuses with a
 * 400 what the server refuses: unknown keys, a temperature without its units or not a decimal
 * string, a mode a client may not set, a name over 30 characters.
 */
const temperature = decimalString.transform((v) => formatDecimal(Number(v)));
const TEMPERATURE_KEYS = ['stemp', 'ice_temp', 'eco_temp', 'comf_temp'] as const;
const unitsRequired = { message: 'units is required with any temperature', path: ['units'] };
const runbackMinutes = z.number().int().min(1).max(1440);
const timeOnlyWithRunback = {
  message: 'time (minutes) goes only with mode "runback"',
  path: ['time'],
};
const settableMode = z.enum(NODE_MODES).exclude(['modified_auto']);

const statusWrite = z
  .strictObject({
    mode: settableMode.optional(),
    stemp: temperature.optional(),
    ice_temp: temperature.optional(),
    eco_temp: temperature.optional(),
    comf_temp: temperature.optional(),
    units: unitsSchema.optional(),
    locked: z.boolean().optional(),
    boost: z.boolean().optional(),
    time: runbackMinutes.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'the body must change at least one field' })
  .refine(
    (b) => b.units !== undefined || !TEMPERATURE_KEYS.some((k) => b[k] !== undefined),
    unitsRequired,
  )
  .refine((b) => b.time === undefined || b.mode === 'runback', timeOnlyWithRunback);

const modeWrite = z
  .strictObject({
    mode: settableMode,
    stemp: temperature.optional(),
    units: unitsSchema.optional(),
    time: runbackMinutes.optional(),
  })
  .refine((b) => b.stemp === undefined || b.units !== undefined, unitsRequired)
  .refine((b) => b.time === undefined || b.mode === 'runback', timeOnlyWithRunback);

const progTempsWrite = z
  .strictObject({
    ice_temp: temperature.optional(),
    eco_temp: temperature.optional(),
    comf_temp: temperature.optional(),
    units: unitsSchema,
  })
  .refine((b) => b.ice_temp ?? b.eco_temp ?? b.comf_temp, {
    message: 'give at least one of ice_temp, eco_temp, comf_temp',
  });

const boostWrite = z
  .strictObject({
    active: z.boolean(),
    temperature: temperature.optional(),
    units: unitsSchema.optional(),
    time: z.number().int().min(1).max(1440).optional(),
  })
  .refine((b) => b.temperature === undefined || b.units !== undefined, unitsRequired);

const TEMPERATURE_SETUP_KEY = /(^|_)(temp|temperature|offset)$/;
function decimalKeys(value: Record<string, unknown>, ctx: z.RefinementCtx, path: string[]): void {
  for (const [key, v] of Object.entries(value))
    if (TEMPERATURE_SETUP_KEY.test(key) && !decimalString.safeParse(v).success)
      ctx.addIssue({
        code: 'custom',
        path: [...path, key],
        message: `${key} must be a decimal number written as a string, e.g. "20.5"`,
      });
}

const setupWrite = z.record(z.string(), z.unknown()).superRefine((setup, ctx) => {
  decimalKeys(setup, ctx, []);
  const extra = setup.extra_options;
  if (extra !== undefined) {
    if (extra === null || typeof extra !== 'object' || Array.isArray(extra))
      ctx.addIssue({ code: 'custom', path: ['extra_options'], message: 'must be an object' });
    else decimalKeys(extra as Record<string, unknown>, ctx, ['extra_options']);
  }
  if (setup.units !== undefined && !unitsSchema.safeParse(setup.units).success)
    ctx.addIssue({ code: 'custom', path: ['units'], message: 'units must be "C" or "F"' });
});

export const NODE_WRITES = {
  status: statusWrite,
  mode: modeWrite,
  prog_temps: progTempsWrite,
  boost: boostWrite,
  prog: z.strictObject({ prog: progSchema }),
  lock: z.strictObject({ locked: z.boolean() }),
  setup: setupWrite,
  name: z.strictObject({
    name: z
      .string()
      .trim()
      .min(1, 'name must not be empty')
      .max(30, 'name is at most 30 characters'),
  }),
  select: z.strictObject({ select: z.boolean() }),
  power_limit: powerLimitWrite,
} as const;
export type NodeAction = keyof typeof NODE_WRITES;
export const isNodeAction = (action: string): action is NodeAction => action in NODE_WRITES;

export const eraseWrite = z.strictObject({ purge: z.boolean().default(false) });

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
