import { describe, expect, it } from 'vitest';
import { iconForWeatherCode } from './weather-codes';

describe('iconForWeatherCode', () => {
  it.each([
    [0, 'clear-day'],
    [1, 'partly-cloudy-day'],
    [2, 'partly-cloudy-day'],
    [3, 'cloudy'],
    [45, 'fog'],
    [48, 'fog'],
    [53, 'rain'],
    [57, 'sleet'],
    [63, 'rain'],
    [67, 'sleet'],
    [75, 'snow'],
    [77, 'snow'],
    [81, 'rain'],
    [86, 'snow'],
    [95, 'thunderstorm'],
    [99, 'thunderstorm'],
  ])('maps WMO code %i to %s', (code, icon) => {
    expect(iconForWeatherCode(code)).toBe(icon);
  });

  it('uses night variants only for clear and partly cloudy skies at night', () => {
    expect(iconForWeatherCode(0, false)).toBe('clear-night');
    expect(iconForWeatherCode(2, false)).toBe('partly-cloudy-night');
    expect(iconForWeatherCode(63, false)).toBe('rain');
  });

  it('shows an unknown code as cloudy rather than failing the whole answer', () => {
    expect(iconForWeatherCode(42)).toBe('cloudy');
  });
});
