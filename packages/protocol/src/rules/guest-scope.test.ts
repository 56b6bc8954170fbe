import { describe, expect, it } from 'vitest';
import { guestScopeSchema, scopeProblem, scopeWindowProblem, type GuestScope } from './guest-scope';

const MADRID = 'Europe/Madrid';
const at = (iso: string) => Date.parse(iso);
const heater = { devId: 'abc', type: 'htr', addr: 2 };

describe('scopeProblem', () => {
  it('lets an empty scope do anything at any time', () => {
    expect(
      scopeProblem({}, { now: at('2026-01-01T03:00:00Z'), timeZone: MADRID, node: heater }),
    ).toBeNull();
    expect(
      scopeProblem(
        {},
        { now: 0, timeZone: 'UTC', write: { stempC: 30, mode: 'manual', boost: true } },
      ),
    ).toBeNull();
  });

  it('reads the validity dates on the home’s calendar, both days inclusive', () => {
    const scope: GuestScope = { validFrom: '2026-03-10', validTo: '2026-03-12' };
    // 23:30 UTC on the 9th is already 00:30 on the 10th in Madrid.
    expect(scopeWindowProblem(scope, at('2026-03-09T23:30:00Z'), MADRID)).toBeNull();
    expect(scopeWindowProblem(scope, at('2026-03-09T23:30:00Z'), 'UTC')).toBe('not_yet_valid');
    expect(scopeWindowProblem(scope, at('2026-03-12T23:30:00Z'), MADRID)).toBe('expired');
    expect(scopeWindowProblem(scope, at('2026-03-12T23:30:00Z'), 'UTC')).toBeNull();
  });

  it('follows the wall clock across a DST change', () => {
    // Mondays 08:00–09:00 wall time: 07:00 UTC in winter, 06:00 UTC in summer.
    const scope: GuestScope = { weekly: [{ day: 1, from: '08:00', to: '09:00' }] };
    expect(scopeWindowProblem(scope, at('2026-03-23T07:30:00Z'), MADRID)).toBeNull();
    expect(scopeWindowProblem(scope, at('2026-03-30T07:30:00Z'), MADRID)).toBe('outside_hours');
    expect(scopeWindowProblem(scope, at('2026-03-30T06:30:00Z'), MADRID)).toBeNull();
  });

  it('runs a weekly slot past midnight into the next day, its end excluded', () => {
    // Saturday 22:00 to Sunday 02:00, across the week's end.
    const scope: GuestScope = { weekly: [{ day: 6, from: '22:00', to: '02:00' }] };
    const check = (iso: string) => scopeWindowProblem(scope, at(iso), 'UTC');
    expect(check('2026-11-28T21:59:00Z')).toBe('outside_hours');
    expect(check('2026-11-28T22:00:00Z')).toBeNull();
    expect(check('2026-11-29T01:59:00Z')).toBeNull();
    expect(check('2026-11-29T02:00:00Z')).toBe('outside_hours');
    // The same hours on Sunday night are not the slot.
    expect(check('2026-11-29T23:00:00Z')).toBe('outside_hours');
  });

  it('refuses rooms that are not shared', () => {
    const scope: GuestScope = { nodes: [heater] };
    const q = { now: 0, timeZone: 'UTC' };
    expect(scopeProblem(scope, { ...q, node: heater })).toBeNull();
    expect(scopeProblem(scope, { ...q, node: { ...heater, addr: 3 } })).toBe('node_not_shared');
    expect(scopeProblem(scope, { ...q, node: { ...heater, devId: 'abd' } })).toBe(
      'node_not_shared',
    );
  });

  it('keeps set points within the bounds, inclusive', () => {
    const scope: GuestScope = { minC: 16, maxC: 22 };
    const write = (stempC: number) =>
      scopeProblem(scope, { now: 0, timeZone: 'UTC', write: { stempC } });
    expect(write(16)).toBeNull();
    expect(write(22)).toBeNull();
    expect(write(15.5)).toBe('below_min');
    expect(write(22.5)).toBe('above_max');
  });

  it('allows only the modes listed and boost only when allowed', () => {
    const scope: GuestScope = { modes: ['manual', 'auto'], boost: false };
    const write = (w: { mode?: string; boost?: boolean }) =>
      scopeProblem(scope, { now: 0, timeZone: 'UTC', write: w });
    expect(write({ mode: 'auto' })).toBeNull();
    expect(write({ mode: 'off' })).toBe('mode_not_allowed');
    expect(write({ boost: true })).toBe('boost_not_allowed');
    expect(write({ boost: false })).toBeNull();
    expect(
      scopeProblem({ boost: true }, { now: 0, timeZone: 'UTC', write: { boost: true } }),
    ).toBeNull();
  });

  it('answers the window before the room or the write', () => {
    const scope: GuestScope = { validTo: '2020-01-01', nodes: [], maxC: 10 };
    expect(
      scopeProblem(scope, {
        now: 0 + at('2026-01-01T00:00:00Z'),
        timeZone: 'UTC',
        node: heater,
        write: { stempC: 30 },
      }),
    ).toBe('expired');
  });
});

describe('guestScopeSchema', () => {
  it('takes a full scope', () => {
    const scope = {
      nodes: [heater],
      minC: 16,
      maxC: 22,
      modes: ['manual'],
      boost: false,
      validFrom: '2026-12-20',
      validTo: '2027-01-06',
      weekly: [{ day: 5, from: '18:00', to: '24:00' }],
    };
    expect(guestScopeSchema.parse(scope)).toEqual(scope);
  });

  it('refuses bounds, dates and hours that make no sense', () => {
    expect(guestScopeSchema.safeParse({ minC: 23, maxC: 22 }).success).toBe(false);
    expect(
      guestScopeSchema.safeParse({ validFrom: '2026-02-02', validTo: '2026-02-01' }).success,
    ).toBe(false);
    expect(guestScopeSchema.safeParse({ validTo: '2026-02-30x' }).success).toBe(false);
    expect(
      guestScopeSchema.safeParse({ weekly: [{ day: 7, from: '08:00', to: '09:00' }] }).success,
    ).toBe(false);
    expect(
      guestScopeSchema.safeParse({ weekly: [{ day: 1, from: '08:00', to: '08:00' }] }).success,
    ).toBe(false);
    expect(
      guestScopeSchema.safeParse({ weekly: [{ day: 1, from: '25:00', to: '08:00' }] }).success,
    ).toBe(false);
    expect(guestScopeSchema.safeParse({ extra: 1 }).success).toBe(false);
  });
});
