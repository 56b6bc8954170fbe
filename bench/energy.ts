// `npm run bench:energy`: storage heater charge plans against the MIP optimum of the same
// problem (HiGHS), the plans carried out against the household's real load with re-planning,
// and the power guard over a month of minutes (bench/README.md, docs/energy.md). Deterministic
// from the seed; the only timings printed are the planner's own.
import { parseArgs } from 'node:util';
import highsLoader from 'highs';
import { createRng, winterTrace } from '@hearth/device-model';
import { chargeProblemLp, planCharging, type ChargePlan, type TariffHistory } from '@hearth/energy';
import { deviceClockAt, zonedWallToMs } from '@hearth/protocol';
import { GUARD_ROOMS, runGuard } from './energy-guard';
import { householdLoad, nightProblem, peakLoad, winterPrices } from './energy-sim';
import { percentile, report } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    start: { type: 'string', default: '2026-12-01' },
    days: { type: 'string', default: '90' },
    seed: { type: 'string', default: '1' },
    tz: { type: 'string', default: 'Europe/Berlin' },
    'guard-days': { type: 'string', default: '31' },
    'cap-kw': { type: 'string', default: '7' },
    'supply-kw': { type: 'string', default: '9.2' },
  },
});
const TZ = args.tz;
const DAYS = Number(args.days);
const SEED = Number(args.seed);
const SLOT = 1_800_000;
const [sy, sn, sd] = args.start.split('-').map(Number) as [number, number, number];
const START = zonedWallToMs({ y: sy, n: sn, d: sd, h: 0, m: 0 }, TZ);

const GUARD_DAYS = Number(args['guard-days']);
const SPAN_DAYS = Math.max(DAYS, GUARD_DAYS) + 2;
const highs = await highsLoader();
const prices = winterPrices(SEED, START, SPAN_DAYS, TZ);
const history: TariffHistory = {
  currency: 'EUR',
  timeZone: TZ,
  tariffs: [{ kind: 'dynamic', validFrom: START, slotMinutes: 30, prices }],
};
const priceOf = (t: number) => prices[Math.floor((t - START) / SLOT)]?.pricePerKwh ?? 0;
const load = householdLoad(SEED + 1, START, SPAN_DAYS, TZ);
const outdoor = winterTrace(SEED + 2, START, SPAN_DAYS);

/**
 * The other load expected in a slot, as a server could know it from the home's own history: the
 * mean over the week before of that slot's peak minute (a kettle or an oven in the slot is what
 * trips the limit), or 0.8 kW before a week is known.
 */
function forecast(start: number, end: number): number {
  let sum = 0;
  let n = 0;
  for (let d = 1; d <= 7; d += 1) {
    if (start - d * 86_400_000 < START) break;
    sum += peakLoad(load, START, start - d * 86_400_000, end - d * 86_400_000);
    n += 1;
  }
  return n > 0 ? sum / n : 0.8;
}

// 1. Each night's plan against the optimum of the same problem; 2. carried out for real.
const rng = createRng(SEED + 3);
const gaps: number[] = [];
const planMs: number[] = [];
let ourCost = 0;
let lpCost = 0;
let atOptimum = 0;
let lpInfeasible = 0;
let reached = 0;
let heaterNights = 0;
let replans = 0;
let lostSlots = 0;
let executedCost = 0;
let plannedShort = 0;
for (let day = 0; day < DAYS; day += 1) {
  const c = deviceClockAt(START + day * 86_400_000 + 12 * 3_600_000, TZ);
  const night = nightProblem(
    rng,
    { y: c.y, n: c.n, d: c.d },
    outdoor,
    TZ,
    Number(args['supply-kw']),
  );
  const input = {
    now: night.now,
    history,
    powerLimit: night.powerLimit,
    otherLoadKw: forecast,
    heaters: night.heaters,
  };
  const t0 = performance.now();
  const plans = planCharging(input);
  planMs.push(performance.now() - t0);
  if (!plans.every((p) => p.reachesTarget)) plannedShort += 1;
  const starts: number[] = [];
  for (let t = Math.ceil(night.now / SLOT) * SLOT; t + SLOT <= night.readyBy; t += SLOT)
    starts.push(t);
  const limitAt = (t: number) =>
    [...night.powerLimit].reverse().find((s) => s.from <= t)?.kw ?? 9.2;
  const lp = highs.solve(
    chargeProblemLp({
      prices: starts.map(priceOf),
      headroomKw: starts.map((s) => limitAt(s) - forecast(s, s + SLOT)),
      heaters: night.heaters.map((h) => ({
        powerKw: h.powerKw,
        slotKwh: h.powerKw / 2,
        neededKwh: Math.min(h.targetKwh, h.capacityKwh) - h.chargeKwh,
        minBlockSlots: 2,
        slots: starts.length,
      })),
    }),
    { mip_rel_gap: 1e-6, time_limit: 20 },
  );
  const cost = plans.reduce((a, p) => a + p.cost, 0);
  if (lp.Status === 'Optimal') {
    const gap = lp.ObjectiveValue > 0 ? cost / lp.ObjectiveValue - 1 : 0;
    gaps.push(gap);
    if (gap < 1e-6) atOptimum += 1;
    ourCost += cost;
    lpCost += lp.ObjectiveValue;
  } else lpInfeasible += 1;

  // Carry the plan out minute by minute against the real load; a slot whose real peak leaves no
  // room holds the later heaters off (as the breaker or the guard would) and the night is re-planned.
  const charge = night.heaters.map((h) => h.chargeKwh);
  const running = night.heaters.map(() => 0);
  let current: ChargePlan[] = plans;
  for (const s of starts) {
    const on = night.heaters.map((h, i) => current[i]?.slots.find((x) => x.start === s));
    let room = limitAt(s) - peakLoad(load, START, s, s + SLOT);
    let lost = false;
    night.heaters.forEach((h, i) => {
      const slot = on[i];
      if (!slot) {
        running[i] = 0;
        return;
      }
      if (room >= h.powerKw) {
        room -= h.powerKw;
        const kwh = Math.min(slot.kwh, h.capacityKwh - (charge[i] ?? 0));
        charge[i] = (charge[i] ?? 0) + kwh;
        executedCost += kwh * priceOf(s);
        running[i] = (running[i] ?? 0) + SLOT;
      } else {
        lost = true;
        lostSlots += 1;
        running[i] = 0;
      }
    });
    if (lost) {
      replans += 1;
      current = planCharging({
        ...input,
        now: s + SLOT,
        heaters: night.heaters.map((h, i) => ({
          ...h,
          chargeKwh: charge[i] ?? 0,
          chargingForMs: running[i] ?? 0,
        })),
      });
    }
  }
  night.heaters.forEach((h, i) => {
    heaterNights += 1;
    if ((charge[i] ?? 0) >= Math.min(h.targetKwh, h.capacityKwh) - 0.05) reached += 1;
  });
}

// 3. The power guard over a month of minutes: four convector rooms, a capacity cap, a breaker.
// 3. The power guard over a month of minutes: four convector rooms, a capacity cap, a breaker.
const CAP = Number(args['cap-kw']);
const BREAKER = 9.2;
const guardRun = {
  startMs: START,
  days: GUARD_DAYS,
  capKw: CAP,
  breakerKw: BREAKER,
  timeZone: TZ,
  load,
  outdoor,
};
const ROOMS = GUARD_ROOMS.length;
const free = runGuard(guardRun, false);
const guarded = runGuard(guardRun, true);

const pct = (v: number) => `${(Math.abs(v) < 5e-7 ? 0 : v * 100).toFixed(2)} %`;
report(
  'energy',
  'Energy and money: charge plans and the power guard',
  [
    {
      heading: 'Charge plan against the MIP optimum (HiGHS), each night 16:00 → 07:00',
      rows: [
        { figure: 'nights compared', value: gaps.length, target: '' },
        { figure: 'nights the MIP found infeasible', value: lpInfeasible, target: '' },
        {
          figure: 'total cost, planner / optimum (EUR)',
          value: `${ourCost.toFixed(2)} / ${lpCost.toFixed(2)}`,
          target: '',
        },
        {
          figure: 'cost over the optimum, all nights',
          value: pct(ourCost / lpCost - 1),
          target: '≤ 2 %',
        },
        {
          figure: 'cost over the optimum, p95 / worst night',
          value: `${pct(percentile(gaps, 95))} / ${pct(Math.max(...gaps))}`,
          target: '',
        },
        { figure: 'nights at the optimum', value: `${atOptimum} / ${gaps.length}`, target: '' },
        {
          figure: 'planning time p50 / max (ms)',
          value: `${percentile(planMs, 50).toFixed(1)} / ${Math.max(...planMs).toFixed(1)}`,
          target: '',
        },
      ],
    },
    {
      heading: 'Plans carried out against the real household load, re-planned when a slot is lost',
      rows: [
        {
          figure: 'targets reached by ready-by',
          value: `${reached} / ${heaterNights} (${pct(reached / heaterNights)})`,
          target: '100 %',
        },
        {
          figure: 'nights planned short (no plan reaches the target)',
          value: plannedShort,
          target: '',
        },
        {
          figure: 'slots lost to the real load / re-plans',
          value: `${lostSlots} / ${replans}`,
          target: '',
        },
        { figure: 'cost carried out (EUR)', value: executedCost.toFixed(2), target: '' },
      ],
    },
    {
      heading: `Power guard, ${GUARD_DAYS} days of minutes, cap ${CAP} kW hourly, breaker ${BREAKER} kW`,
      rows: [
        {
          figure: 'hours over the cap, guard / none',
          value: `${guarded.capBreaches} / ${free.capBreaches}`,
          target: '0',
        },
        {
          figure: 'worst hour average (kW), guard / none',
          value: `${guarded.worstHourKw.toFixed(2)} / ${free.worstHourKw.toFixed(2)}`,
          target: '',
        },
        {
          figure: 'minutes over the breaker, guard / none',
          value: `${guarded.breakerMinutes} / ${free.breakerMinutes}`,
          target: '',
        },
        {
          figure: 'most changes of one heater in an hour',
          value: guarded.maxSwitches,
          target: '≤ 6',
        },
        { figure: 'guard actions', value: guarded.actions, target: '' },
        {
          figure: 'comfort lost to shedding (degree-hours below set point, per room per month)',
          value: (((guarded.degreeHours - free.degreeHours) / ROOMS) * (30 / GUARD_DAYS)).toFixed(
            1,
          ),
          target: '',
        },
      ],
    },
  ],
  {
    start: args.start,
    days: DAYS,
    seed: SEED,
    tz: TZ,
    supplyKw: args['supply-kw'],
    guardDays: GUARD_DAYS,
    capKw: CAP,
  },
);
