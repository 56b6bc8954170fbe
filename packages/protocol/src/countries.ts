/**
 * Countries a home can be located in (spec 2 §9 "Country list"), in the spec's order.
 * The server answers their regions, time zones and postcode formats at
 * GET /api/location/v1/info (docs/wire-contract.md §3); the app offers exactly these in the home form.
 */
export const HOME_COUNTRIES = [
  'AD',
  'BE',
  'ES',
  'FR',
  'IT',
  'PT',
  'GB',
  'JE',
  'GG',
  'IM',
  'IE',
] as const;
export type HomeCountry = (typeof HOME_COUNTRIES)[number];

export function isHomeCountry(value: string): value is HomeCountry {
  return (HOME_COUNTRIES as readonly string[]).includes(value);
}

/** One country of the location info answer: postcode pattern (RegExp source) and region → IANA time zone. */
export interface CountryLocationInfo {
  zipFormat: string;
  states: Record<string, string>;
}

export type LocationInfo = Record<HomeCountry, CountryLocationInfo>;
