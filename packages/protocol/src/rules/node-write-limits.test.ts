import { describe, expect, it } from 'vitest';
import {
  modeDisabledProblem,
  profileTemperaturesProblem,
  progSlotsProblem,
  setupValueProblem,
} from './node-write-limits';

describe('setupValueProblem (spec 3 §5, §9)', () => {
  it('refuses a changed entry out of its range and passes one written back unchanged', () => {
    const current = { units: 'C', away_offset: '9.0', extra_options: { max_runback_time: 30 } };
    expect(setupValueProblem(current, { away_offset: '5.5' })).toBe(
      'away_offset must be between 0 and 5 °C',
    );
    expect(setupValueProblem(current, { away_offset: '9.0' })).toBeUndefined();
    expect(setupValueProblem(current, { away_offset: '3.0' })).toBeUndefined();
    expect(setupValueProblem(current, { extra_options: { max_runback_time: 61 } })).toBe(
      'extra_options.max_runback_time must be between 0 and 60 min',
    );
  });

  it('reads ranges in the units written, and checks the lock password and schedule method', () => {
    expect(setupValueProblem({}, { units: 'F', away_offset: '9.0' })).toBeUndefined();
    expect(setupValueProblem({}, { lock_password: '12345' })).toMatch(/at most 4 digits/);
    expect(setupValueProblem({}, { lock_password: '' })).toBeUndefined();
    expect(setupValueProblem({}, { prog_resol: 2 })).toMatch(/prog_resol must be 0 .* or 1/);
  });
});

describe('modeDisabledProblem (spec 3 §3 settings)', () => {
  it('refuses a mode its setup switches off and leaves the others to the device', () => {
    expect(modeDisabledProblem({ runback_mode_enabled: false }, 'runback')).toMatch(
      /runback mode is not enabled/,
    );
    expect(modeDisabledProblem({ extra_options: { setback_enabled: false } }, 'setback')).toMatch(
      /setback mode/,
    );
    expect(modeDisabledProblem({}, 'runback')).toBeUndefined();
    expect(modeDisabledProblem({ runback_mode_enabled: false }, 'manual')).toBeUndefined();
  });
});

describe('profileTemperaturesProblem (spec 3 §3)', () => {
  it('keeps anti-frost ≤ eco ≤ comfort against the node’s other values, across units', () => {
    const status = { units: 'C', ice_temp: '7.0', eco_temp: '17.0', comf_temp: '21.0' };
    expect(profileTemperaturesProblem(status, 'C', { eco_temp: '22.0' })).toBeTruthy();
    expect(profileTemperaturesProblem(status, 'C', { eco_temp: '18.0' })).toBeUndefined();
    // 21 °C is 69.8 °F: an eco of 70 °F is above the comfort.
    expect(profileTemperaturesProblem(status, 'F', { eco_temp: '70.0' })).toBeTruthy();
    expect(profileTemperaturesProblem(status, 'C', {})).toBeUndefined();
  });
});

describe('progSlotsProblem (spec 3 §3 prog)', () => {
  const day = (n: number) => Array.from({ length: n }, () => 0);
  it('asks 24 slots a day for 60 min, 48 for 30 min, either when the setup names none', () => {
    expect(progSlotsProblem({ prog_resol: 0 }, { '0': day(48) })).toMatch(/24 slots a day.*48$/);
    expect(progSlotsProblem({ prog_resol: 1 }, { '0': day(48) })).toBeUndefined();
    expect(progSlotsProblem({}, { '0': day(48) })).toBeUndefined();
    expect(progSlotsProblem(undefined, { '0': day(24) })).toBeUndefined();
  });
});
