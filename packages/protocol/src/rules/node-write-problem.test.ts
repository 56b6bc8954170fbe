import { describe, expect, it } from 'vitest';
import { nodeOwnUnits, nodeWriteProblem, type CheckedNode } from './node-write-problem';

const heater: CheckedNode = {
  type: 'htr',
  setup: {
    units: 'C',
    min_stemp: '7.0',
    max_stemp: '28.0',
    extra_options: { max_runback_temp: '22.0', max_runback_time: 30, setback_enabled: false },
    prog_resol: '0',
  },
  status: { units: 'C', ice_temp: '7.0', eco_temp: '17.0', comf_temp: '21.0' },
};

describe('nodeWriteProblem: one set of checks of a write against the node', () => {
  it('keeps set points within the node range, in the units written', () => {
    expect(nodeWriteProblem(heater, 'status', { units: 'C', stemp: '28.0' })).toBeUndefined();
    expect(nodeWriteProblem(heater, 'status', { units: 'C', stemp: '29.0' })).toBe(
      'stemp must be between 7 and 28 °C',
    );
    expect(nodeWriteProblem(heater, 'mode', { units: 'F', mode: 'manual', stemp: '40.0' })).toMatch(
      /^stemp must be between 44.6 and 82.4 °F$/,
    );
    expect(nodeWriteProblem(heater, 'boost', { units: 'C', temperature: '6.0' })).toMatch(
      /^temperature must be between/,
    );
  });

  it('keeps anti-frost ≤ eco ≤ comfort with the values not written', () => {
    expect(nodeWriteProblem(heater, 'prog_temps', { units: 'C', eco_temp: '22.0' })).toMatch(
      /eco_temp/,
    );
    expect(
      nodeWriteProblem(heater, 'prog_temps', { units: 'C', eco_temp: '18.0' }),
    ).toBeUndefined();
    expect(nodeWriteProblem(heater, 'status', { units: 'C', comf_temp: '16.0' })).toMatch(
      /comf_temp/,
    );
  });

  it('refuses a mode the setup turned off, and a runback above its highest temperature or time', () => {
    expect(nodeWriteProblem(heater, 'mode', { mode: 'setback' })).toMatch(
      /setback mode is not enabled/,
    );
    const runback = { mode: 'runback', units: 'C', stemp: '23.0', time: 20 };
    expect(nodeWriteProblem(heater, 'mode', runback)).toBe(
      'the runback temperature must not be above 22 °C',
    );
    expect(nodeWriteProblem(heater, 'status', { ...runback, stemp: '21.0', time: 45 })).toBe(
      'the runback time must not be above 30 minutes',
    );
    expect(nodeWriteProblem(heater, 'mode', { ...runback, stemp: '21.0' })).toBeUndefined();
  });

  it('checks a setup change against the setting rules and, knowing the type, its ranges', () => {
    expect(nodeWriteProblem(heater, 'setup', { away_offset: '9.0' })).toMatch(/away_offset/);
    expect(nodeWriteProblem(heater, 'setup', { power: '-5' })).toMatch(/power/);
    const { type: _type, ...untyped } = heater;
    expect(nodeWriteProblem(untyped, 'setup', { power: '-5' })).toBeUndefined();
  });

  it('asks a programme for the slots of the node schedule method', () => {
    const day = (n: number) => Array.from({ length: n }, () => 0);
    const week = (n: number) => Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, day(n)]));
    expect(nodeWriteProblem(heater, 'prog', { prog: week(24) })).toBeUndefined();
    expect(nodeWriteProblem(heater, 'prog', { prog: week(48) })).toMatch(/must have 24 slots/);
  });

  it('reads the node units from its setup, else its status', () => {
    expect(nodeOwnUnits({ setup: { units: 'F' }, status: { units: 'C' } })).toBe('F');
    expect(nodeOwnUnits({ status: { units: 'F' } })).toBe('F');
    expect(nodeOwnUnits({})).toBe('C');
  });
});
