import { describe, expect, test } from 'vitest';
import {
  awayOffsetRange,
  clampTemperature,
  convertOffset,
  convertTemperature,
  convertTemperatures,
  correctForBounds,
  nudgeTemperature,
  nudgeValue,
  reconcileEditUnits,
  roundToStep,
  stepFor,
} from './temperature';

describe('steps and rounding', () => {
  test('0.5 °C and 1 °F', () => {
    expect(stepFor('C')).toBe(0.5);
    expect(stepFor('F')).toBe(1);
  });
  test('rounds to the nearest step without float noise', () => {
    expect(roundToStep(20.26, 0.5)).toBe(20.5);
    expect(roundToStep(20.24, 0.5)).toBe(20);
    expect(roundToStep(0.1 + 0.2, 0.1)).toBe(0.3);
    expect(roundToStep(68.9, 1)).toBe(69);
  });
});

describe('clampTemperature', () => {
  test('clamps into range', () => {
    expect(clampTemperature(35, 5, 30)).toBe(30);
    expect(clampTemperature(2, 5, 30)).toBe(5);
    expect(clampTemperature(21, 5, 30)).toBe(21);
  });
  test('skips clamping when bounds are inverted', () => {
    expect(clampTemperature(35, 30, 5)).toBe(35);
  });
});

describe('nudgeTemperature', () => {
  const limits = { min: 5, max: 30, units: 'C' as const };
  test('moves by one step', () => {
    expect(nudgeTemperature(21, 1, limits)).toEqual({ value: 21.5, hitBound: false });
    expect(nudgeTemperature(70, -1, { units: 'F', min: 41, max: 86 })).toEqual({
      value: 69,
      hitBound: false,
    });
  });
  test('plus at the maximum keeps the bound and shakes', () => {
    expect(nudgeTemperature(30, 1, limits)).toEqual({ value: 30, hitBound: true });
    expect(nudgeTemperature(5, -1, limits)).toEqual({ value: 5, hitBound: true });
  });
  test('a value beyond a bound is set to the bound', () => {
    expect(nudgeTemperature(31, 1, limits)).toEqual({ value: 30, hitBound: true });
  });
  test('a press away from a bound the value is far past still brings it into the range', () => {
    expect(nudgeTemperature(32, -1, limits)).toEqual({ value: 30, hitBound: true });
    expect(nudgeTemperature(3, 1, limits)).toEqual({ value: 5, hitBound: true });
  });
  test('a step that would cross the bound stops on it without shaking', () => {
    expect(nudgeValue(29.8, 1, { min: 5, max: 30, step: 0.5 })).toEqual({
      value: 30,
      hitBound: false,
    });
  });
  test('inverted bounds do not limit', () => {
    expect(nudgeTemperature(30, 1, { ...limits, min: 30, max: 5 })).toEqual({
      value: 30.5,
      hitBound: false,
    });
  });
});

describe('correctForBounds', () => {
  test('corrects an out-of-range value after the bounds change', () => {
    expect(correctForBounds(28, 5, 25)).toEqual({ value: 25, corrected: true });
    expect(correctForBounds(20, 5, 25)).toEqual({ value: 20, corrected: false });
    expect(correctForBounds(28, 25, 5)).toEqual({ value: 28, corrected: false });
  });
});

describe('unit conversion', () => {
  test('converts and rounds to the target step', () => {
    expect(convertTemperature(20.5, 'C', 'F')).toBe(69);
    expect(convertTemperature(69, 'F', 'C')).toBe(20.5);
    expect(convertTemperature(7, 'C', 'C')).toBe(7);
  });
  test('converts a set of temperatures', () => {
    expect(convertTemperatures({ comfort: 21, eco: 18, ice: 7 }, 'C', 'F')).toEqual({
      comfort: 70,
      eco: 64,
      ice: 45,
    });
  });
  test('an offset converts by 9/5 without +32', () => {
    expect(convertOffset(5, 'C', 'F')).toBe(9);
    expect(convertOffset(2.5, 'C', 'F')).toBe(5);
    expect(convertOffset(9, 'F', 'C')).toBe(5);
    expect(convertOffset(3, 'F', 'C')).toBe(1.5);
  });
  test('away offset ranges per units', () => {
    expect(awayOffsetRange('C')).toEqual({ min: 0, max: 5, step: 0.5 });
    expect(awayOffsetRange('F')).toEqual({ min: 0, max: 9, step: 1 });
  });
});

test('a change in other units than the status is ignored but adopts the status units', () => {
  expect(reconcileEditUnits('C', 'F')).toEqual({ units: 'F', applyChange: false });
  expect(reconcileEditUnits('F', 'F')).toEqual({ units: 'F', applyChange: true });
});
