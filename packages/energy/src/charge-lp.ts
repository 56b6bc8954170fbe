/**
 * The charging problem of several storage heaters sharing a home's limit, written as a
 * mixed-integer programme in CPLEX LP text, so that an LP/MIP solver gives the reference optimum
 * the planner is judged against (tests and bench:energy use HiGHS; this file only writes text).
 *
 *   minimise Σ price_t · slotKwh_h · y_ht
 *   Σ_t slotKwh_h · y_ht = needed_h                 (energy wanted)
 *   y_ht ≤ x_ht, y in [0, 1], x binary              (stores only while on)
 *   Σ_h power_h · x_ht ≤ headroom_t                 (the home's limit less the other load)
 *   s_ht ≥ x_ht − x_h,t−1, s binary                 (a block starts)
 *   Σ_{τ=t}^{t+k−1} x_hτ ≥ k · s_ht                 (and lasts k slots, inside the horizon)
 */
export interface LpHeater {
  powerKw: number;
  slotKwh: number;
  neededKwh: number;
  minBlockSlots: number;
  /** Slots this heater may use (its ready-by); the rest of the grid is off. */
  slots: number;
  runningSlots?: number;
}

export interface LpProblem {
  prices: readonly number[];
  headroomKw: readonly number[];
  heaters: readonly LpHeater[];
}

const num = (v: number) => (Number.isFinite(v) ? String(Number(v.toPrecision(12))) : '1e30');
/** A signed term: `+ 0.3 y` or `- 0.05 y` (LP text has no `+ -`). */
const term = (coef: number, name: string) =>
  `${coef < 0 ? '-' : '+'} ${num(Math.abs(coef))} ${name}`;

export function chargeProblemLp(p: LpProblem): string {
  const T = p.prices.length;
  const obj: string[] = [];
  const rows: string[] = [];
  const bounds: string[] = [];
  const binaries: string[] = [];
  p.heaters.forEach((h, i) => {
    const k = Math.max(1, h.minBlockSlots);
    const r0 = Math.min(k, h.runningSlots ?? 0);
    const energy: string[] = [];
    for (let t = 0; t < T; t += 1) {
      const [x, y, s] = [`x_${i}_${t}`, `y_${i}_${t}`, `s_${i}_${t}`];
      binaries.push(x, s);
      bounds.push(`0 <= ${y} <= 1`);
      if (t >= h.slots) bounds.push(`${x} = 0`);
      obj.push(term((p.prices[t] ?? 0) * h.slotKwh, y));
      energy.push(`+ ${num(h.slotKwh)} ${y}`);
      rows.push(`on_${i}_${t}: ${y} - ${x} <= 0`);
      if (t === 0) rows.push(`st_${i}_${t}: ${s} - ${x} >= ${r0 > 0 ? -1 : 0}`);
      else rows.push(`st_${i}_${t}: ${s} - ${x} + x_${i}_${t - 1} >= 0`);
      if (t + k > h.slots) bounds.push(`${s} = 0`);
      else {
        const run = Array.from({ length: k }, (_, j) => `+ x_${i}_${t + j}`).join(' ');
        rows.push(`bl_${i}_${t}: ${run} - ${k} ${s} >= 0`);
      }
    }
    // A block running now goes on to its minimum length.
    for (let t = 0; r0 > 0 && t < k - r0 && t < T; t += 1) bounds.push(`x_${i}_${t} = 1`);
    rows.push(`need_${i}: ${energy.join(' ')} = ${num(h.neededKwh)}`);
  });
  for (let t = 0; t < T; t += 1) {
    const terms = p.heaters.map((h, i) => `+ ${num(h.powerKw)} x_${i}_${t}`).join(' ');
    rows.push(`cap_${t}: ${terms} <= ${num(p.headroomKw[t] ?? 0)}`);
  }
  return [
    'Minimize',
    ` obj: ${obj.join(' ')}`,
    'Subject To',
    ...rows.map((r) => ` ${r}`),
    'Bounds',
    ...bounds.map((b) => ` ${b}`),
    'Binary',
    ` ${binaries.join(' ')}`,
    'End',
    '',
  ].join('\n');
}
