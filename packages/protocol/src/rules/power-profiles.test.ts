import { describe, expect, test } from 'vitest';
import {
  canAddProfile,
  inferMaxPowerType,
  isValidMaxPower,
  newProfile,
  nextProfileName,
  profileDisplayName,
  profileLegend,
  profileValueFromInput,
  removeProfile,
  switchMaxPowerType,
  takesPowerSchedule,
  validateHeaterPowerLimit,
} from './power-profiles';

describe('max power type', () => {
  test('saved type wins, otherwise inferred from the profile count', () => {
    expect(inferMaxPowerType('schedule', 1)).toBe('schedule');
    expect(inferMaxPowerType(undefined, 0)).toBe('noLimit');
    expect(inferMaxPowerType(undefined, 1)).toBe('fixed');
    expect(inferMaxPowerType('bogus', 3)).toBe('schedule');
  });
  test('a type saved in the other notation (spec 2 §3) wins over the profile count too', () => {
    expect(inferMaxPowerType('FIXED_POWER', 0)).toBe('fixed');
    expect(inferMaxPowerType('POWER_SCHEDULE', 1)).toBe('schedule');
    expect(inferMaxPowerType('NO_POWER_LIMIT', 1)).toBe('noLimit');
    expect(inferMaxPowerType('toString', 1)).toBe('fixed');
  });
  test('switching resets profiles and slots', () => {
    const fixed = switchMaxPowerType('fixed', 5000);
    expect(fixed.profiles).toEqual([5000]);
    expect(fixed.slots).toEqual([0, 1, 2, 3, 4, 5, 6].map((d) => ({ m: d * 1440, i: 0 })));
    expect(switchMaxPowerType('noLimit').profiles).toEqual([-1]);
    expect(switchMaxPowerType('schedule')).toEqual({ profiles: [], slots: [] });
  });
});

describe('removeProfile', () => {
  test('removed index falls back to 0 and higher indexes shift down', () => {
    const slots = [
      { m: 0, i: 0 },
      { m: 60, i: 1 },
      { m: 120, i: 2 },
      { m: 180, i: 3 },
    ];
    expect(removeProfile([100, 200, 300, 400], slots, 2)).toEqual({
      profiles: [100, 200, 400],
      slots: [
        { m: 0, i: 0 },
        { m: 60, i: 1 },
        { m: 120, i: 0 },
        { m: 180, i: 2 },
      ],
    });
  });
  test('no profile left clears the slots', () => {
    expect(removeProfile([100], [{ m: 0, i: 0 }], 0)).toEqual({ profiles: [], slots: [] });
  });
});

describe('adding profiles', () => {
  test('unique automatic names', () => {
    expect(nextProfileName([], 'New profile')).toBe('New profile 1');
    expect(nextProfileName(['New profile 1', 'Peak', 'new profile 3'], 'New profile')).toBe(
      'New profile 2',
    );
    expect(nextProfileName(['New profile 1', 'New profile 2'], 'New profile')).toBe(
      'New profile 3',
    );
  });
  test('allowed below 4 profiles (ruling D1: at most 4) and while nothing is being created', () => {
    expect(canAddProfile(0)).toBe(true);
    expect(canAddProfile(3)).toBe(true);
    expect(canAddProfile(4)).toBe(false);
    expect(canAddProfile(5)).toBe(false);
    expect(canAddProfile(2, true)).toBe(false);
  });
  test('a new profile is limitless with a colour', () => {
    expect(newProfile(['New 1'], 'New', () => 0.5)).toEqual({
      name: 'New 2',
      color: '#800000',
      value: -1,
    });
    expect(newProfile([], 'New', () => 0).color).toBe('#000000');
  });
});

describe('values', () => {
  test('empty becomes 0, limitless -1', () => {
    expect(profileValueFromInput('', false)).toBe(0);
    expect(profileValueFromInput(' 3000 ', false)).toBe(3000);
    expect(profileValueFromInput('3000', true)).toBe(-1);
    // Not a number is not "none": it passes no limit check.
    expect(profileValueFromInput('3 kW', false)).toBeNaN();
    expect(isValidMaxPower(profileValueFromInput('abc', false))).toBe(false);
    expect(profileLegend(-1)).toEqual({ limitless: true });
    expect(profileLegend(2500)).toEqual({ limitless: false, watts: 2500 });
  });
  test('max power bounds are inclusive', () => {
    expect(isValidMaxPower(1000)).toBe(true);
    expect(isValidMaxPower(60000)).toBe(true);
    expect(isValidMaxPower(999)).toBe(false);
    expect(isValidMaxPower(60001)).toBe(false);
    expect(isValidMaxPower(Number.NaN)).toBe(false);
  });
  test('heater system power limit', () => {
    expect(validateHeaterPowerLimit('0')).toEqual({ ok: true, value: 0 });
    expect(validateHeaterPowerLimit(2000)).toEqual({ ok: true, value: 2000 });
    expect(validateHeaterPowerLimit('1500.5')).toEqual({ ok: false, error: 'notWholeNumber' });
    expect(validateHeaterPowerLimit('-5')).toEqual({ ok: false, error: 'notWholeNumber' });
    expect(validateHeaterPowerLimit('500')).toEqual({ ok: false, error: 'outOfRange' });
    expect(validateHeaterPowerLimit('60001')).toEqual({ ok: false, error: 'outOfRange' });
  });
  test('wifi heaters are excluded from the power schedule', () => {
    expect(takesPowerSchedule({ product_id: '021D' })).toBe(false);
    expect(takesPowerSchedule({ product_id: '0a39' })).toBe(false);
    expect(takesPowerSchedule({ product_id: '0105' })).toBe(true);
  });
  test('names are cut on narrow screens', () => {
    expect(profileDisplayName('Night tariff', 800, 5)).toBe('Night tariff');
    expect(profileDisplayName('Night tariff', 400, 3)).toBe('Night tari');
    expect(profileDisplayName('Night tariff', 400, 4)).toBe('Night');
  });
});
