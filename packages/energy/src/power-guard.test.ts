import { describe, expect, it } from 'vitest';
import { GUARD_MAX_SWITCHES_PER_HOUR } from './constants';
import { formatGuardAction } from './explain';
import {
  guardStep,
  initialGuardState,
  type GuardConfig,
  type GuardHeaterReading,
  type GuardState,
} from './power-guard';

const TZ = 'Europe/Brussels';
const at = (hhmm: string) => Date.parse(`2026-01-14T${hhmm}:00+01:00`);
const MIN = 60_000;

const config: GuardConfig = {
  capKw: 6,
  instantCapKw: 9,
  dryRun: false,
  heaters: [
    { id: 'k', name: 'Kitchen', priority: 1, ratedKw: 2 },
    { id: 'b', name: 'Bedroom', priority: 2, ratedKw: 1.5, antiFrostC: 7 },
    { id: 'l', name: 'Living room', priority: 3, ratedKw: 2.5 },
  ],
};

const warm: GuardHeaterReading[] = [
  { id: 'k', setPointC: 21, heating: true },
  { id: 'b', setPointC: 19, heating: true },
  { id: 'l', setPointC: 21, heating: true },
];

function run(cfg: GuardConfig, steps: [string, number, GuardHeaterReading[]?][]) {
  let state: GuardState = initialGuardState(at(steps[0]?.[0] ?? '14:00'));
  const lines: string[] = [];
  const all = [];
  for (const [time, homeKw, heaters] of steps) {
    const out = guardStep(cfg, state, { at: at(time), homeKw, heaters: heaters ?? warm });
    state = out.state;
    all.push(...out.actions);
    lines.push(...out.actions.map((a) => formatGuardAction(a, TZ)));
  }
  return { state, actions: all, lines };
}

describe('the power guard', () => {
  it('lowers the first heater in the owner order when the hour heads over the cap, and says why', () => {
    const { lines, actions } = run(config, [
      ['14:00', 5.5],
      ['14:05', 6.3],
    ]);
    expect(lines).toEqual([
      '14:05 lowered Kitchen to 17 °C for 10 min: the hour was heading to 6.2 kW against a 6.0 kW cap',
    ]);
    expect(actions[0]).toMatchObject({ kind: 'lower', heaterId: 'k', fromC: 21, toC: 17 });
  });

  it('sheds for a breaker in the owner order, and restores the last lowered first once there is room', () => {
    const lowered = warm.map((h) => ({ ...h, setPointC: h.setPointC - 4 }));
    const { actions, lines } = run(config, [
      ['14:00', 1],
      ['14:01', 10.5],
      ['14:05', 2, lowered],
      ['14:12', 2, lowered],
      ['14:13', 2, lowered.map((h) => (h.id === 'l' ? { ...h, setPointC: 21 } : h))],
    ]);
    expect(actions.slice(0, 3).map((a) => a.kind === 'lower' && a.heaterId)).toEqual([
      'k',
      'b',
      'l',
    ]);
    expect(lines[0]).toMatch(/the home was drawing 10.5 kW against a 9.0 kW limit/);
    // Not before 10 minutes; then the living room (lowered last) comes back first, one a step.
    expect(actions[3]).toMatchObject({ kind: 'restore', heaterId: 'l', toC: 21, at: at('14:12') });
    expect(actions[4]).toMatchObject({ kind: 'restore', heaterId: 'b', toC: 19, at: at('14:13') });
    expect(lines[3]).toMatch(
      /^14:12 restored Living room to 21 °C: the hour stays at .* under the 6.0 kW cap$/,
    );
  });

  it('never goes below anti-frost, and says when it cannot shed enough', () => {
    const cold: GuardHeaterReading[] = [
      { id: 'k', setPointC: 9, heating: true },
      { id: 'b', setPointC: 7, heating: true },
      { id: 'l', setPointC: 21, heating: false },
    ];
    const { actions, lines } = run(config, [['14:00', 9.6, cold]]);
    expect(actions[0]).toMatchObject({ kind: 'lower', heaterId: 'k', toC: 7 });
    expect(actions[1]).toMatchObject({ kind: 'unable' });
    expect(lines[1]).toMatch(/could not shed .* more \(Bedroom at anti-frost\)/);
  });

  it('takes a lowered heater that heats again on down to anti-frost when still over', () => {
    const one = { ...config, heaters: config.heaters.slice(0, 1) };
    const { actions, lines } = run(one, [
      ['14:00', 8],
      ['14:01', 8, [{ id: 'k', setPointC: 17, heating: true }]],
      ['14:02', 8, [{ id: 'k', setPointC: 7, heating: true }]],
    ]);
    expect(
      actions.filter((a) => a.kind === 'lower').map((a) => a.kind === 'lower' && [a.fromC, a.toC]),
    ).toEqual([
      [21, 17],
      [17, 7],
    ]);
    // Never lower than anti-frost; that it cannot shed enough is said once, not every minute.
    expect(lines.filter((l) => l.includes('could not shed'))).toHaveLength(1);
  });

  it('leaves a heater to its owner who changes its set point while it is lowered', () => {
    const { actions, lines } = run(config, [
      ['14:00', 7],
      ['14:03', 5, warm.map((h) => (h.id === 'k' ? { ...h, setPointC: 23 } : h))],
    ]);
    expect(actions.map((a) => a.kind)).toEqual(['lower', 'release']);
    expect(lines[1]).toBe('14:03 left Kitchen to its owner: its set point was changed to 23 °C');
  });

  it('changes no heater more than 6 times in any hour, however the load swings', () => {
    let seed = 3;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let state = initialGuardState(at('00:00'));
    const times: Record<string, number[]> = {};
    for (let t = 0; t < 24 * 60; t += 1) {
      const homeKw = rand() < 0.5 ? 1 + rand() * 2 : 8 + rand() * 3;
      const out = guardStep(config, state, { at: at('00:00') + t * MIN, homeKw, heaters: warm });
      state = out.state;
      for (const a of out.actions)
        if (a.kind === 'lower' || a.kind === 'restore') (times[a.heaterId] ??= []).push(a.at);
    }
    const counts = Object.values(times).flatMap((ts) =>
      ts.map((t0) => ts.filter((t) => t >= t0 && t < t0 + 60 * MIN).length),
    );
    // The limit binds (the load swings often enough to want more) and is never passed.
    expect(Math.max(...counts)).toBeLessThanOrEqual(GUARD_MAX_SWITCHES_PER_HOUR);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(GUARD_MAX_SWITCHES_PER_HOUR - 1);
  });

  it('in a dry run reports what it would do, reading the home as if it had', () => {
    const dry = { ...config, dryRun: true };
    const { actions, lines } = run(dry, [
      ['14:00', 5.5],
      ['14:05', 6.3],
      ['14:06', 6.3],
    ]);
    // The would-be-lowered kitchen counts as off, so one heater suffices and is not lowered twice.
    expect(actions).toHaveLength(1);
    expect(lines[0]).toBe(
      '14:05 would lower Kitchen to 17 °C for 10 min (dry run): the hour was heading to 6.2 kW against a 6.0 kW cap',
    );
  });

  it('lowers each heater once in a step, even when every heater lowered is not enough', () => {
    // 20 kW against a 9 kW breaker: all three lowered by 4 K, none straight on to anti-frost.
    const { actions } = run(config, [['14:00', 20]]);
    const lowered = actions.filter((a) => a.kind === 'lower');
    expect(lowered.map((a) => a.heaterId)).toEqual(['k', 'b', 'l']);
    expect(lowered.map((a) => (a.kind === 'lower' ? a.toC : null))).toEqual([17, 15, 17]);
    expect(actions.filter((a) => a.kind === 'unable')).toHaveLength(1);
  });

  it('refuses a cap of zero', () => {
    expect(() =>
      guardStep({ ...config, capKw: 0 }, initialGuardState(0), { at: 0, homeKw: 1, heaters: [] }),
    ).toThrow(/cap/);
  });
});
