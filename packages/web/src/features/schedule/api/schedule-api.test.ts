import { describe, expect, test } from 'vitest';
import { wireSetup } from './schedule-api';

describe('wireSetup', () => {
  test('temperatures read back as numbers go out as decimal strings; the rest is untouched', () => {
    expect(
      wireSetup({
        away_offset: 2,
        control_mode: 4,
        extra_options: { boost_temp: 24, boost_time: 60, setback_temp: '17.0', sensor_mode: 1 },
      }),
    ).toEqual({
      away_offset: '2.0',
      control_mode: 4,
      extra_options: { boost_temp: '24.0', boost_time: 60, setback_temp: '17.0', sensor_mode: 1 },
    });
  });
});
