import { z } from 'zod';
import { BOOST_TIME, POWER_LIMIT_MAX_W, POWER_LIMIT_MIN_W, RUNBACK_TIME } from './rules/constants';
import { formatDecimal } from './format';
import { NODE_MODES } from './modes';
import { anySetupWriteSchema } from './node-settings';
import { decimalString, progSchema, unitsSchema } from './wire';

/*
 * The bodies of a node's writes (docs/wire-contract.md §5 per-node table), one set for the server and for the
 * app's demo backend, so that both refuse the same bodies with the same words.
 */

const TEMPERATURE_KEYS = ['stemp', 'ice_temp', 'eco_temp', 'comf_temp'] as const;

/**
 * A temperature written to a node, as the wire carries it: a string with one decimal (docs/wire-contract.md
 * §1). "21" or "20.55" are taken and recorded, pushed and forwarded as "21.0" and "20.6".
 */
const temperature = decimalString.transform((v) => formatDecimal(Number(v)));

const unitsRequired = {
  message: 'units is required with any temperature',
  path: ['units'],
};

/**
 * How long a runback lasts, in minutes like the boost `time` (spec 3 §4 runback time): at most
 * what any node's `extra_options.max_runback_time` may be (the setup table's RUNBACK_TIME,
 * spec 3 §5), and the node's own bounds it further (rules `runbackTimeProblem`).
 */
const runbackMinutes = z.number().int().min(1).max(RUNBACK_TIME.max);
const timeOnlyWithRunback = {
  message: 'time (minutes) goes only with mode "runback"',
  path: ['time'],
};

/** Modes a client may set; modified_auto only arises on the device (spec 3 §4). */
const settableMode = z.enum(NODE_MODES).exclude(['modified_auto']);

/**
 * A partial status write (docs/wire-contract.md §5): `{stemp,units}`, `{mode}`, `{mode,stemp,units}`,
 * `{ice_temp,eco_temp,comf_temp,units}`, `{locked}`, `{boost}`; a runback may carry its
 * `time` in minutes (`{mode:"runback",stemp,units,time}`, docs/device-protocol.md). Unknown
 * keys are refused so a typo cannot reach a gateway, and a temperature without its units is
 * ambiguous.
 */
export const nodeStatusWriteSchema = z
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
  .refine((body) => Object.keys(body).length > 0, {
    message: 'the body must change at least one field',
  })
  .refine(
    (body) => body.units !== undefined || !TEMPERATURE_KEYS.some((k) => body[k] !== undefined),
    unitsRequired,
  )
  .refine((body) => body.time === undefined || body.mode === 'runback', timeOnlyWithRunback);
export type NodeStatusWrite = z.infer<typeof nodeStatusWriteSchema>;

export const modeWriteSchema = z
  .strictObject({
    mode: settableMode,
    stemp: temperature.optional(),
    units: unitsSchema.optional(),
    time: runbackMinutes.optional(),
  })
  .refine((b) => b.stemp === undefined || b.units !== undefined, unitsRequired)
  .refine((b) => b.time === undefined || b.mode === 'runback', timeOnlyWithRunback);
export type ModeWrite = z.infer<typeof modeWriteSchema>;

export const progTempsWriteSchema = z
  .strictObject({
    ice_temp: temperature.optional(),
    eco_temp: temperature.optional(),
    comf_temp: temperature.optional(),
    units: unitsSchema,
  })
  .refine((b) => b.ice_temp ?? b.eco_temp ?? b.comf_temp, {
    message: 'give at least one of ice_temp, eco_temp, comf_temp',
  });
export type ProgTempsWrite = z.infer<typeof progTempsWriteSchema>;

export const boostWriteSchema = z
  .strictObject({
    active: z.boolean(),
    temperature: temperature.optional(),
    units: unitsSchema.optional(),
    /** Minutes, as the gateway takes it: at most a day (BOOST_TIME). */
    time: z.number().int().min(BOOST_TIME.min).max(BOOST_TIME.max).optional(),
  })
  .refine((b) => b.temperature === undefined || b.units !== undefined, unitsRequired);
export type BoostWrite = z.infer<typeof boostWriteSchema>;

export const progWriteSchema = z.strictObject({ prog: progSchema });
export type ProgWrite = z.infer<typeof progWriteSchema>;

export const lockWriteSchema = z.strictObject({ locked: z.boolean() });
export const nameWriteSchema = z.strictObject({
  name: z.string().trim().min(1, 'name must not be empty').max(30, 'name is at most 30 characters'),
});
export const selectWriteSchema = z.strictObject({ select: z.boolean() });
export const eraseSchema = z.strictObject({ purge: z.boolean().default(false) });

/** `"2000"`: a whole number of watts, 0 for none or 1000–60000 (spec 3 §5, §9). */
export const powerLimitValue = z
  .union([
    z.string().max(6).regex(/^\d+$/, 'must be a whole number of watts, e.g. "2000"'),
    z.number().int(),
  ])
  .transform(Number)
  .refine((w) => w === 0 || (w >= POWER_LIMIT_MIN_W && w <= POWER_LIMIT_MAX_W), {
    message: `must be 0 (no limit) or between ${POWER_LIMIT_MIN_W} and ${POWER_LIMIT_MAX_W} W`,
  });
export const powerLimitWriteSchema = z.strictObject({ power_limit: powerLimitValue });

/**
 * A setup write (clients GET, merge and POST it, or POST only what changed): the settings of
 * the node's type in node-settings/, each of its type; the route documents the settings of
 * every type, and the node's own table decides (`setupWriteSchemaFor`).
 */
export const setupWriteSchema = anySetupWriteSchema;
export type SetupWrite = Record<string, unknown>;
