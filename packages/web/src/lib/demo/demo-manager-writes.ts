import { z } from 'zod';
import {
  isValidMaxPower,
  nodeTypeSchema,
  pmoSystemSchema,
  POWER_LIMIT_MAX_W,
  POWER_LIMIT_MIN_W,
  POWER_LIMIT_NONE,
  POWER_LIMITLESS,
  type PmoSystem,
} from '@hearth/protocol';
import { badRequest } from './demo-validate';

/** The server's device-manager write bodies (docs/wire-contract.md §5), so the demo refuses what it refuses. */
export const awayWrite = z.strictObject({ away: z.boolean(), enabled: z.boolean().optional() });

export const discoveryWrite = z.strictObject({
  discovery: z.enum(['on', 'off']),
  type: nodeTypeSchema.optional(),
  addr: z.number().int().min(0).optional(),
});

export const pmoSystemWrite = pmoSystemSchema
  .extend({ main_circuit_pmos: z.array(z.number().int().min(0).max(2_147_483_647)) })
  .strict();

/** Spec 3 §5: each profile limitless (-1), none (0) or 1000–60000 W; slots name a profile. */
export function checkPmoSystem(body: PmoSystem): void {
  const profiles = body.max_power_config.profiles.length;
  const value = body.max_power_config.profiles.find(
    (p) => p !== POWER_LIMITLESS && p !== POWER_LIMIT_NONE && !isValidMaxPower(p),
  );
  if (value !== undefined)
    throw badRequest(
      `profile value ${value} must be ${POWER_LIMIT_MIN_W}–${POWER_LIMIT_MAX_W} W, 0 (none) or -1 (limitless)`,
    );
  const bad = body.max_power_config.slots.find((s) => s.i >= profiles);
  if (bad)
    throw badRequest(`slot at minute ${bad.m} names profile ${bad.i}, but there are ${profiles}`);
}
