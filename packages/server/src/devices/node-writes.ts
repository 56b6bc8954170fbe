import { z } from 'zod';
import { decimalString, modeSchema, unitsSchema } from '@hearth/protocol';

const TEMPERATURE_KEYS = ['stemp', 'ice_temp', 'eco_temp', 'comf_temp'] as const;

/**
 * A partial status write (API.md §5): `{stemp,units}`, `{mode}`, `{mode,stemp,units}`,
 * `{ice_temp,eco_temp,comf_temp,units}`, `{locked}`, `{boost}`. Unknown keys are refused so a
 * typo cannot reach a gateway, and a temperature without its units is ambiguous.
 */
export const nodeStatusWriteSchema = z
  .strictObject({
    mode: modeSchema.optional(),
    stemp: decimalString.optional(),
    ice_temp: decimalString.optional(),
    eco_temp: decimalString.optional(),
    comf_temp: decimalString.optional(),
    units: unitsSchema.optional(),
    locked: z.boolean().optional(),
    boost: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: 'the body must change at least one field',
  })
  .refine(
    (body) => body.units !== undefined || !TEMPERATURE_KEYS.some((k) => body[k] !== undefined),
    {
      message: 'units is required with any temperature',
      path: ['units'],
    },
  );
export type NodeStatusWrite = z.infer<typeof nodeStatusWriteSchema>;
