import { isHomeCountry, isValidPostcode } from '@hearth/protocol';
import { getCountryLocationInfo } from '../catalog';

/** Checks that need the whole merged geo data: region of the country, postcode format. */
export function addressProblem(geo: Record<string, unknown>): string | undefined {
  const { country, state, zip } = geo;
  if (typeof country !== 'string' || !isHomeCountry(country)) return undefined;
  const info = getCountryLocationInfo(country);
  if (typeof state === 'string' && !(state in info.states))
    return `state "${state}" is not a region of ${country}`;
  if (typeof zip === 'string' && !isValidPostcode(zip, info.zipFormat))
    return `zip "${zip}" does not match the postcode format of ${country}`;
  return undefined;
}
