import { describe, expect, test } from 'vitest';
import { temperatureLimits } from './temperature-limits';

describe("a node's set-point limits (spec 3 §2 table edits, §5)", () => {
  test('Celsius: 5–30 by 0.5 unless the setup names its own', () => {
    expect(temperatureLimits({ status: { units: 'C' } })).toEqual({
      min: 5,
      max: 30,
      step: 0.5,
      units: 'C',
    });
    expect(
      temperatureLimits({ status: { units: 'C' }, setup: { min_stemp: '7.0', max_stemp: 28 } }),
    ).toMatchObject({ min: 7, max: 28, step: 0.5 });
  });

  test('Fahrenheit: the same range in °F, by 1', () => {
    expect(temperatureLimits({ status: { units: 'F' } })).toEqual({
      min: 41,
      max: 86,
      step: 1,
      units: 'F',
    });
  });
});
