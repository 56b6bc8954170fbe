import type { MaxPowerOption } from '@hearth/protocol';

/**
 * GET /assets/maxPowerConfig.json: the values the max power modal offers, in watts, ascending,
 * within the spec's 1000–60000 W bounds (spec 2 §5, §9), each `{ value, label }` with the
 * label in kW ("1.5 kW"). Steps are fine where homes usually sit (500 W up to 10 kW, 1 kW up
 * to 20 kW) and coarse above (5 kW up to 60 kW). "No limit" (-1) is not a value here: it is
 * its own max power type. 5000 W and 15000 W, the spec's defaults, are always present.
 */
function buildOptions(): MaxPowerOption[] {
  const values: number[] = [];
  for (let w = 1000; w <= 10_000; w += 500) values.push(w);
  for (let w = 11_000; w <= 20_000; w += 1000) values.push(w);
  for (let w = 25_000; w <= 60_000; w += 5000) values.push(w);
  return values.map((value) => ({ value, label: `${value / 1000} kW` }));
}

export const MAX_POWER_CONFIG: readonly MaxPowerOption[] = buildOptions();
