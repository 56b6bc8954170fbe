import {
  isValidPostcode,
  missingHomeFields,
  normalisePostcode,
  type HomeField,
  type LocationInfo,
} from '@hearth/protocol';

/** The home part of the wizard data and of the home data form (spec 2 §3). */
export interface HomeData {
  country: string;
  state: string;
  city: string;
  zip: string;
  name: string;
}

export const EMPTY_HOME_DATA: HomeData = { country: '', state: '', city: '', zip: '', name: '' };

export type HomeDataError = { kind: 'fields'; missing: HomeField[] } | { kind: 'zipFormat' };

/** Spec 2 §5: every field is required, then the postcode must match the country's format. */
export function homeDataError(
  data: HomeData,
  info: LocationInfo | undefined,
): HomeDataError | null {
  const missing = missingHomeFields({
    country: data.country,
    region: data.state,
    city: data.city,
    postcode: data.zip,
    name: data.name,
  });
  if (missing.length > 0) return { kind: 'fields', missing };
  const format = info?.[data.country as keyof LocationInfo]?.zipFormat;
  return isValidPostcode(data.zip, format) ? null : { kind: 'zipFormat' };
}

/** Spec 2 §5: the region resets when the country changes; the postcode shows uppercase. */
export function editHomeData(data: HomeData, field: keyof HomeData, value: string): HomeData {
  if (field === 'country')
    return value === data.country ? data : { ...data, country: value, state: '' };
  if (field === 'zip') return { ...data, zip: value.toUpperCase() };
  return { ...data, [field]: value };
}

/** Regions of a country, sorted for the select. */
export function regionsOf(info: LocationInfo | undefined, country: string): string[] {
  const states = info?.[country as keyof LocationInfo]?.states ?? {};
  return Object.keys(states).sort((a, b) => a.localeCompare(b));
}

/** Spec 2 §3: tz_code is taken from the chosen region. */
export function timeZoneOf(info: LocationInfo | undefined, country: string, state: string) {
  return info?.[country as keyof LocationInfo]?.states[state] ?? '';
}

/** The geo_data write of spec 2 §7 setGeoData (place part). */
export function placeOf(data: HomeData, info: LocationInfo | undefined) {
  return {
    country: data.country,
    state: data.state,
    city: data.city.trim(),
    zip: normalisePostcode(data.zip),
    tz_code: timeZoneOf(info, data.country, data.state),
  };
}
