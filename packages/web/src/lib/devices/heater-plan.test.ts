import { describe, expect, test } from 'vitest';
import type { NodeStatus, Prog } from '@hearth/protocol';
import { heaterPlan, programmeNow } from './heater-plan';

/** A week of one value, with the given slots of given days changed (hourly unless 48 given). */
function week(fill: number, changes: Record<number, Record<number, number>> = {}, slots = 24) {
  const prog = {} as Prog;
  for (let d = 0; d < 7; d++) {
    const day = Array<number>(slots).fill(fill);
    for (const [i, v] of Object.entries(changes[d] ?? {})) day[Number(i)] = v;
    prog[String(d) as keyof Prog] = day;
  }
  return prog;
}

const celsius: NodeStatus = {
  mode: 'auto',
  stemp: '21.0',
  units: 'C',
  comf_temp: '21.0',
  eco_temp: '18.0',
  ice_temp: '7.0',
};
const node = (status: NodeStatus, prog?: Prog, setup?: Record<string, unknown>) => ({
  installed: true,
  lost: false,
  status,
  setup,
  prog: prog ? { prog } : undefined,
});

// Comfort from 07:00 to 22:00 every day, eco otherwise.
const workday = week(
  1,
  Object.fromEntries(
    [0, 1, 2, 3, 4, 5, 6].map((d) => [
      d,
      Object.fromEntries(Array.from({ length: 15 }, (_, i) => [i + 7, 2])),
    ]),
  ),
);

describe('heaterPlan', () => {
  test('auto in °C: comfort until 22:00, then eco', () => {
    expect(heaterPlan(node(celsius, workday), { w: 3, h: 18, m: 40 })).toEqual({
      kind: 'schedule',
      units: 'C',
      now: { profile: 'comfort', temperature: 21 },
      until: { dayOffset: 0, weekday: 3, h: 22, m: 0 },
      next: { profile: 'eco', temperature: 18 },
    });
  });

  test('auto in °F reads the profiles in the node units', () => {
    const fahrenheit: NodeStatus = {
      ...celsius,
      units: 'F',
      stemp: '70.0',
      comf_temp: '70.0',
      eco_temp: '64.0',
      ice_temp: '45.0',
    };
    expect(heaterPlan(node(fahrenheit, workday), { w: 3, h: 18, m: 40 })).toMatchObject({
      units: 'F',
      now: { profile: 'comfort', temperature: 70 },
      next: { profile: 'eco', temperature: 64 },
    });
  });

  test('a period crossing midnight ends tomorrow', () => {
    expect(heaterPlan(node(celsius, workday), { w: 2, h: 23, m: 10 })).toMatchObject({
      now: { profile: 'eco' },
      until: { dayOffset: 1, weekday: 3, h: 7, m: 0 },
      next: { profile: 'comfort' },
    });
  });

  test('Saturday night runs into Sunday: the week wraps', () => {
    // Eco all week but comfort on Sunday from 09:00 and on Saturday until 10:00.
    const prog = week(1, {
      0: { 9: 2 },
      6: { 0: 2, 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2 },
    });
    expect(heaterPlan(node(celsius, prog), { w: 6, h: 12, m: 0 })).toMatchObject({
      now: { profile: 'eco' },
      until: { dayOffset: 1, weekday: 0, h: 9, m: 0 },
      next: { profile: 'comfort', temperature: 21 },
    });
    // Past Sunday's comfort hour, the next change is the Saturday after: six days on.
    expect(programmeNow(prog, { w: 0, h: 11, m: 0 })?.change?.time).toEqual({
      dayOffset: 6,
      weekday: 6,
      h: 0,
      m: 0,
    });
  });

  test('half-hourly programmes change on the half hour', () => {
    const prog = week(1, { 4: { 13: 2 } }, 48);
    expect(programmeNow(prog, { w: 4, h: 6, m: 20 })).toEqual({
      value: 1,
      change: { value: 2, time: { dayOffset: 0, weekday: 4, h: 6, m: 30 } },
    });
    expect(programmeNow(prog, { w: 4, h: 6, m: 45 })?.change?.time).toEqual({
      dayOffset: 0,
      weekday: 4,
      h: 7,
      m: 0,
    });
  });

  test('one change a week comes back a week later on the same day', () => {
    const prog = week(1, { 2: { 5: 0 } });
    expect(programmeNow(prog, { w: 2, h: 5, m: 30 })?.change?.time).toEqual({
      dayOffset: 0,
      weekday: 2,
      h: 6,
      m: 0,
    });
    expect(programmeNow(prog, { w: 2, h: 8, m: 0 })?.change?.time).toEqual({
      dayOffset: 7,
      weekday: 2,
      h: 5,
      m: 0,
    });
  });

  test('a programme that never changes has no end', () => {
    expect(heaterPlan(node(celsius, week(1)), { w: 1, h: 1, m: 0 })).toEqual({
      kind: 'schedule',
      units: 'C',
      now: { profile: 'eco', temperature: 18 },
      until: undefined,
      next: undefined,
    });
  });

  test('modified auto holds its set point until the programme changes', () => {
    const status = { ...celsius, mode: 'modified_auto' as const, stemp: '23.5' };
    expect(heaterPlan(node(status, workday), { w: 5, h: 8, m: 0 })).toEqual({
      kind: 'override',
      units: 'C',
      temperature: 23.5,
      until: { dayOffset: 0, weekday: 5, h: 22, m: 0 },
      next: { profile: 'eco', temperature: 18 },
    });
  });

  test('manual holds its set point; off is off; boost is boost', () => {
    const clock = { w: 0, h: 0, m: 0 };
    expect(heaterPlan(node({ ...celsius, mode: 'manual', stemp: '19.5' }, workday), clock)).toEqual(
      {
        kind: 'hold',
        mode: 'manual',
        units: 'C',
        temperature: 19.5,
      },
    );
    expect(heaterPlan(node({ ...celsius, mode: 'off' }, workday), clock)).toEqual({ kind: 'off' });
    expect(
      heaterPlan(node({ ...celsius, mode: 'manual', boost: true, stemp: '25.0' }), clock),
    ).toEqual({ kind: 'boost', units: 'C', temperature: 25 });
    expect(heaterPlan(node({ units: 'C' }), clock)).toEqual({ kind: 'unknown' });
  });

  test('auto without a programme yet holds its set point', () => {
    expect(heaterPlan(node(celsius), { w: 0, h: 0, m: 0 })).toMatchObject({
      kind: 'hold',
      mode: 'auto',
      temperature: 21,
    });
  });

  test('a timer reads its programme as on and off, without temperatures', () => {
    const timer = { extra_options: { sensor_mode: 3 } };
    const prog = week(0, { 1: { 18: 1, 19: 1 } });
    expect(heaterPlan(node(celsius, prog, timer), { w: 1, h: 18, m: 5 })).toEqual({
      kind: 'schedule',
      units: 'C',
      now: { profile: 'on', temperature: undefined },
      until: { dayOffset: 0, weekday: 1, h: 20, m: 0 },
      next: { profile: 'off', temperature: undefined },
    });
  });
});
