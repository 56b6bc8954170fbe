import { describe, expect, it } from 'vitest';
import { profileOrderProblem, rangeProblem, runbackSettings, stempRange } from './node-limits';

describe('node limits', () => {
  it('reads min_stemp/max_stemp of the setup (or its factory options) in any unit, else 5–30 °C', () => {
    expect(stempRange({}, 'C', 'C')).toEqual({ min: 5, max: 30 });
    expect(stempRange(undefined, 'C', 'F')).toEqual({ min: 41, max: 86 });
    expect(stempRange({ min_stemp: '7.0', max_stemp: '28.0' }, 'C', 'C')).toEqual({
      min: 7,
      max: 28,
    });
    expect(stempRange({ factory_options: { min_stemp: 45, max_stemp: '82' } }, 'F', 'F')).toEqual({
      min: 45,
      max: 82,
    });
    const f = stempRange({ min_stemp: '41.0', max_stemp: '95.0' }, 'F', 'C');
    expect(f.min).toBeCloseTo(5, 6);
    expect(f.max).toBeCloseTo(35, 6);
  });

  it('says what is wrong with a temperature out of range, tolerating conversion rounding', () => {
    expect(rangeProblem('stemp', 30.04, { min: 5, max: 30 }, 'C')).toBeNull();
    expect(rangeProblem('stemp', 30.5, { min: 5, max: 30 }, 'C')).toBe(
      'stemp must be between 5 and 30 °C',
    );
  });

  it('keeps anti-frost <= eco <= comfort with the given values over the current ones', () => {
    const current = { ice_temp: 7, eco_temp: 18, comf_temp: 21 };
    expect(profileOrderProblem({ eco_temp: 20 }, current)).toBeNull();
    expect(profileOrderProblem({ eco_temp: 21 }, current)).toBeNull();
    expect(profileOrderProblem({ eco_temp: 21.5 }, current)).toMatch(
      /^eco_temp must not be above comf_temp/,
    );
    expect(profileOrderProblem({ ice_temp: 19 }, current)).toMatch(
      /^ice_temp must not be above eco_temp/,
    );
    expect(profileOrderProblem({ ice_temp: 10, eco_temp: 12, comf_temp: 14 }, current)).toBeNull();
    expect(profileOrderProblem({ comf_temp: 6 }, {})).toBeNull();
  });
});

describe('runbackSettings', () => {
  it('reads the runback of a setup in °C, whatever units it is written in', () => {
    const r = runbackSettings(
      { default_runback_temp: '64.4', max_runback_temp: '77.0', max_runback_time: 90 },
      'F',
    );
    expect(r.defaultC).toBeCloseTo(18, 5);
    expect(r.maxC).toBeCloseTo(25, 5);
    expect(r.maxMinutes).toBe(90);
  });
  it('leaves out what the setup does not give usably', () => {
    expect(runbackSettings({ max_runback_time: 0, default_runback_temp: 'x' }, 'C')).toEqual({
      defaultC: undefined,
      maxC: undefined,
      maxMinutes: undefined,
    });
    expect(runbackSettings(undefined, 'C').maxMinutes).toBeUndefined();
  });
});
