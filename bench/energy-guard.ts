// The power guard's month for `npm run bench:energy`: four convector rooms of the device model's
// thermal model under a programme, a household's other load, a capacity cap and a breaker.
import { heatDemand, stepRoom, type OutdoorTrace } from '@hearth/device-model';
import { guardStep, initialGuardState, type GuardConfig, type GuardState } from '@hearth/energy';
import { deviceClockAt } from '@hearth/protocol';

const MIN = 60_000;

export const GUARD_ROOMS = [
  { id: 'kitchen', name: 'Kitchen', priority: 1, ratedKw: 1.5 },
  { id: 'bedroom', name: 'Bedroom', priority: 2, ratedKw: 1.5 },
  { id: 'office', name: 'Office', priority: 3, ratedKw: 2 },
  { id: 'living', name: 'Living room', priority: 4, ratedKw: 2.5 },
];
const rooms = GUARD_ROOMS;

export interface GuardRun {
  startMs: number;
  days: number;
  capKw: number;
  breakerKw: number;
  timeZone: string;
  /** The household's other draw, minute by minute from startMs (kW). */
  load: Float64Array;
  outdoor: OutdoorTrace;
}

/** The owner's programme: 21 °C from 06:00 to 23:00, 17 °C at night. */
function ownerSetPoint(t: number, timeZone: string): number {
  const h = deviceClockAt(t, timeZone).h;
  return h >= 6 && h < 23 ? 21 : 17;
}

/** The month with the guard (or without, to compare), in the device model's rooms. */
export function runGuard(run: GuardRun, withGuard: boolean) {
  const { startMs: START, days: GUARD_DAYS, capKw: CAP, breakerKw: BREAKER, load, outdoor } = run;
  const guardConfig: GuardConfig = {
    capKw: CAP,
    instantCapKw: BREAKER,
    dryRun: false,
    heaters: rooms,
  };
  const temps = rooms.map(() => 19);
  const lowered = new Map<string, number>();
  let state: GuardState = initialGuardState(START);
  let degreeHours = 0;
  let breakerMinutes = 0;
  let actions = 0;
  const switchTimes = new Map<string, number[]>();
  const hourly = new Map<number, number>();
  for (let m = 0; m < GUARD_DAYS * 1440; m += 1) {
    const t = START + m * MIN;
    const out = outdoor.at(t);
    const owner = ownerSetPoint(t, run.timeZone);
    const fractions = rooms.map((r, i) =>
      heatDemand(temps[i] ?? 19, lowered.get(r.id) ?? owner, out),
    );
    const draw = rooms.reduce((a, r, i) => a + (fractions[i] ?? 0) * r.ratedKw, 0) + (load[m] ?? 0);
    if (draw > BREAKER) breakerMinutes += 1;
    const hour = Math.floor(t / 3_600_000);
    hourly.set(hour, (hourly.get(hour) ?? 0) + draw / 60);
    if (withGuard) {
      const step = guardStep(guardConfig, state, {
        at: t,
        homeKw: draw,
        heaters: rooms.map((r, i) => ({
          id: r.id,
          setPointC: lowered.get(r.id) ?? owner,
          heating: (fractions[i] ?? 0) > 0.01,
        })),
      });
      state = step.state;
      for (const a of step.actions) {
        actions += 1;
        if (a.kind === 'lower') lowered.set(a.heaterId, a.toC);
        if (a.kind === 'restore' || a.kind === 'release') lowered.delete(a.heaterId);
        if (a.kind === 'lower' || a.kind === 'restore')
          switchTimes.set(a.heaterId, [...(switchTimes.get(a.heaterId) ?? []), a.at]);
      }
    }
    rooms.forEach((r, i) => {
      temps[i] = stepRoom(temps[i] ?? 19, out, fractions[i] ?? 0, 60);
      degreeHours += Math.max(0, owner - (temps[i] ?? 19)) / 60;
    });
  }
  let maxSwitches = 0;
  for (const ts of switchTimes.values())
    for (const t0 of ts)
      maxSwitches = Math.max(maxSwitches, ts.filter((t) => t >= t0 && t < t0 + 3_600_000).length);
  const hours = [...hourly.values()];
  return {
    capBreaches: hours.filter((kwh) => kwh > CAP + 1e-9).length,
    worstHourKw: Math.max(...hours),
    breakerMinutes,
    degreeHours,
    maxSwitches,
    actions,
  };
}
