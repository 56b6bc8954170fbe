import type { WeatherIcon } from '@hearth/protocol';

/**
 * WMO weather interpretation codes (as Open-Meteo reports them) grouped into the app's icons.
 * Freezing drizzle and freezing rain show as sleet; showers show as their precipitation;
 * thunderstorms with hail stay thunderstorms, the stronger warning.
 */
const ICON_GROUPS: ReadonlyArray<
  readonly [readonly number[], WeatherIcon | 'clear' | 'partly-cloudy']
> = [
  [[0], 'clear'],
  [[1, 2], 'partly-cloudy'],
  [[3], 'cloudy'],
  [[45, 48], 'fog'],
  [[51, 53, 55, 61, 63, 65, 80, 81, 82], 'rain'],
  [[56, 57, 66, 67], 'sleet'],
  [[71, 73, 75, 77, 85, 86], 'snow'],
  [[95, 96, 99], 'thunderstorm'],
];

const GROUP_BY_CODE = new Map(
  ICON_GROUPS.flatMap(([codes, icon]) => codes.map((code) => [code, icon] as const)),
);

/** Icon for a code; daily forecasts always use the day variant. An unknown code shows as cloudy. */
export function iconForWeatherCode(code: number, isDay = true): WeatherIcon {
  const group = GROUP_BY_CODE.get(code) ?? 'cloudy';
  if (group === 'clear') return isDay ? 'clear-day' : 'clear-night';
  if (group === 'partly-cloudy') return isDay ? 'partly-cloudy-day' : 'partly-cloudy-night';
  return group;
}
