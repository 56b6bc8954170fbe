/** A third-party provider (weather, geocoder) could not be reached or answered something unusable. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
}

/** The geocoder knows no place matching the query. */
export class PlaceNotFoundError extends Error {
  override name = 'PlaceNotFoundError';
}

export const WEATHER_UNAVAILABLE = 'weather provider unavailable';
export const GEOCODER_UNAVAILABLE = 'geocoding provider unavailable';
