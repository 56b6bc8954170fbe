/**
 * Weather answer of GET /webapp/v2/weather/ (docs/wire-contract.md §3, spec 3 §3 "Weather").
 * Temperatures in °C, wind speed in km/h, humidity as a fraction 0–1.
 */
export const WEATHER_ICONS = [
  'clear-day',
  'clear-night',
  'partly-cloudy-day',
  'partly-cloudy-night',
  'cloudy',
  'fog',
  'rain',
  'sleet',
  'snow',
  'thunderstorm',
] as const;
export type WeatherIcon = (typeof WEATHER_ICONS)[number];

export interface WeatherCurrently {
  temperature: number;
  windSpeed: number;
  humidity: number;
  icon: WeatherIcon;
}

export interface WeatherDay {
  icon: WeatherIcon;
  temperatureMin: number;
  temperatureMax: number;
}

export interface WeatherResponse {
  currently: WeatherCurrently;
  daily: { data: WeatherDay[] };
  lat: number;
  lon: number;
}

/** Answer of GET /api/location/v1/coordinates (docs/wire-contract.md §3). */
export interface Coordinates {
  lat: number;
  lon: number;
}
