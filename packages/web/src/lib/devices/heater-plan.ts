import {
  PROG_DAY_KEYS,
  PROG_SLOTS_HALF_HOURLY,
  isTimerNode,
  parseDecimal,
  slotIndexAt,
  type NodeStatus,
  type Prog,
  type SnapshotNode,
  type TemperatureUnits,
} from '@hearth/protocol';

/** What a slot of the weekly programme asks for: a temperature profile, or a timer's on/off. */
export type PlanProfile = 'comfort' | 'eco' | 'ice' | 'on' | 'off';

/** A profile with the temperature it stands for now (none for a timer's on/off). */
export interface PlanStep {
  profile: PlanProfile;
  temperature: number | undefined;
}

/** A wall time of the device: `dayOffset` days after today (0 today, 1 tomorrow), weekday 0 Sunday. */
export interface PlanTime {
  dayOffset: number;
  weekday: number;
  h: number;
  m: number;
}

/**
 * What the heater is doing and what comes next, at a glance (the node detail's summary):
 * - `schedule`: auto mode follows its weekly programme (`now`) until `until`, then `next`;
 *   no `until` when the programme holds one value the whole week;
 * - `override`: auto modified by hand, `temperature` held until the programme's next change;
 * - `hold`: a mode that holds a set point until changed (manual, setback, easy, runback…);
 * - `boost`: boost at `temperature` (its end is told by the boost status);
 * - `off`, and `unknown` when the device has not said (no mode yet).
 */
export type HeaterPlan =
  | {
      kind: 'schedule';
      units: TemperatureUnits;
      now: PlanStep;
      until: PlanTime | undefined;
      next: PlanStep | undefined;
    }
  | {
      kind: 'override';
      units: TemperatureUnits;
      temperature: number | undefined;
      until: PlanTime | undefined;
      next: PlanStep | undefined;
    }
  | { kind: 'hold'; mode: string; units: TemperatureUnits; temperature: number | undefined }
  | { kind: 'boost'; units: TemperatureUnits; temperature: number | undefined }
  | { kind: 'off' }
  | { kind: 'unknown' };

/** The device's wall clock: weekday (0 Sunday), hour, minute. */
export interface PlanClock {
  w: number;
  h: number;
  m: number;
}

type PlanNode = Pick<SnapshotNode, 'installed' | 'lost' | 'status' | 'setup' | 'prog'>;

const MINUTES_PER_DAY = 24 * 60;

function profileOf(value: number | undefined, timer: boolean): PlanProfile | undefined {
  if (timer) return value === 1 ? 'on' : value === 0 ? 'off' : undefined;
  if (value === 2) return 'comfort';
  if (value === 1) return 'eco';
  if (value === 0) return 'ice';
  return undefined;
}

function temperatureOf(profile: PlanProfile, status: NodeStatus): number | undefined {
  if (profile === 'comfort') return parseDecimal(status.comf_temp);
  if (profile === 'eco') return parseDecimal(status.eco_temp);
  if (profile === 'ice') return parseDecimal(status.ice_temp);
  return undefined;
}

/** The programme's slots in order from Sunday 00:00, and the minutes each lasts. */
function weekSlots(prog: Prog): { slots: number[]; minutes: number } | undefined {
  const days = PROG_DAY_KEYS.map((k) => prog[k]);
  const length = days[0]?.length ?? 0;
  if (length === 0 || days.some((d) => !Array.isArray(d) || d.length !== length)) return undefined;
  return { slots: days.flat(), minutes: MINUTES_PER_DAY / length };
}

/**
 * The programme at `clock` and its next change, searching forward across midnight and from
 * Saturday into Sunday; no change within a week means the programme never changes.
 */
export function programmeNow(
  prog: Prog,
  clock: PlanClock,
): { value: number; change: { value: number; time: PlanTime } | undefined } | undefined {
  const week = weekSlots(prog);
  if (!week) return undefined;
  const perDay = week.slots.length / 7;
  const resolution = perDay === PROG_SLOTS_HALF_HOURLY ? 'half_hour' : 'hour';
  const start = clock.w * perDay + slotIndexAt(clock, resolution);
  const value = week.slots[start];
  if (value === undefined) return undefined;
  for (let step = 1; step < week.slots.length; step++) {
    const index = (start + step) % week.slots.length;
    const next = week.slots[index];
    if (next === undefined || next === value) continue;
    const minuteOfWeek = index * week.minutes;
    const weekday = Math.floor(minuteOfWeek / MINUTES_PER_DAY);
    const minuteOfDay = minuteOfWeek % MINUTES_PER_DAY;
    return {
      value,
      change: {
        value: next,
        time: {
          dayOffset: (weekday - clock.w + 7) % 7 || (index <= start ? 7 : 0),
          weekday,
          h: Math.floor(minuteOfDay / 60),
          m: minuteOfDay % 60,
        },
      },
    };
  }
  return { value, change: undefined };
}

/** What the heater is doing now and what comes next, from its status, programme and clock. */
export function heaterPlan(node: PlanNode, clock: PlanClock): HeaterPlan {
  const status = node.status;
  const mode = status?.mode;
  if (!status || !mode) return { kind: 'unknown' };
  const units: TemperatureUnits = status.units === 'F' ? 'F' : 'C';
  const stemp = parseDecimal(status.stemp);
  if (status.boost === true || mode === 'boost')
    return { kind: 'boost', units, temperature: stemp };
  if (mode === 'off') return { kind: 'off' };
  const timer = isTimerNode(node);
  const prog = node.prog?.prog;
  const programme = prog ? programmeNow(prog, clock) : undefined;
  if ((mode === 'auto' || mode === 'modified_auto') && programme) {
    const step = (value: number): PlanStep | undefined => {
      const profile = profileOf(value, timer);
      return profile ? { profile, temperature: temperatureOf(profile, status) } : undefined;
    };
    const until = programme.change?.time;
    const next = programme.change ? step(programme.change.value) : undefined;
    if (mode === 'modified_auto')
      return { kind: 'override', units, temperature: stemp, until, next };
    const now = step(programme.value);
    if (now) return { kind: 'schedule', units, now, until, next };
  }
  return { kind: 'hold', mode, units, temperature: timer ? undefined : stemp };
}
