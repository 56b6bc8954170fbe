import { z } from 'zod';
import type { Coordinates } from '@hearth/protocol';
import { PlaceNotFoundError } from './provider-errors';
import { cachedLookup, TtlCache } from './ttl-cache';
import { fetchJson, providerUrl, type FetchLike } from './upstream';

/** What a home's address gives us to find it on the map (spec 2 §3 geo_data). */
export interface PlaceQuery {
  country: string;
  city: string;
  zip: string;
  state?: string;
}

export interface Geocoder {
  /** Throws PlaceNotFoundError when nothing matches, UpstreamError when the provider fails. */
  locate(query: PlaceQuery): Promise<Coordinates>;
}

const searchAnswerSchema = z.object({
  // Open-Meteo leaves `results` out entirely when nothing matches.
  results: z
    .array(
      z.object({
        name: z.string(),
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
        country_code: z.string().optional(),
        admin1: z.string().optional(),
        admin2: z.string().optional(),
        admin3: z.string().optional(),
        postcodes: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});
type SearchResult = NonNullable<z.infer<typeof searchAnswerSchema>['results']>[number];

/** Places do not move: keep answers a day, which also spares the provider on weather refreshes. */
const PLACE_TTL_MS = 24 * 60 * 60 * 1000;

/** Compares names the way people type them: no accents, no case, no spacing differences. */
export function normalizeName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .trim();
}

const compactZip = (zip: string): string => zip.replace(/[\s-]/g, '').toUpperCase();

function pickBest(results: SearchResult[], query: PlaceQuery): SearchResult | undefined {
  const zip = compactZip(query.zip);
  const byZip = results.find((r) => r.postcodes?.some((p) => compactZip(p) === zip));
  if (byZip) return byZip;
  if (query.state) {
    const state = normalizeName(query.state);
    const byState = results.find((r) =>
      [r.admin1, r.admin2, r.admin3].some(
        (admin) => admin !== undefined && normalizeName(admin) === state,
      ),
    );
    if (byState) return byState;
  }
  return results[0];
}

export interface OpenMeteoGeocoderOptions {
  baseUrl: string;
  fetch: FetchLike;
  now: () => number;
}

/** Geocoder backed by the Open-Meteo geocoding API (`/v1/search`), or anything answering like it. */
export function createOpenMeteoGeocoder(opts: OpenMeteoGeocoderOptions): Geocoder {
  const cache = new TtlCache<Promise<Coordinates>>(PLACE_TTL_MS, opts.now);

  async function search(name: string, country: string): Promise<SearchResult[]> {
    const query: Record<string, string> = { name, count: '10', language: 'en', format: 'json' };
    // Only ISO codes narrow the search; a spelled-out country name is left to the ranking.
    if (/^[A-Za-z]{2}$/.test(country)) query.countryCode = country.toUpperCase();
    const answer = await fetchJson(
      opts.fetch,
      providerUrl(opts.baseUrl, '/v1/search', query),
      searchAnswerSchema,
    );
    return answer.results ?? [];
  }

  async function lookUp(query: PlaceQuery): Promise<Coordinates> {
    const byCity = await search(query.city.trim(), query.country.trim());
    // The provider also finds places by postcode, which rescues misspelt or local city names.
    const candidates =
      byCity.length > 0 ? byCity : await search(query.zip.trim(), query.country.trim());
    const best = pickBest(candidates, query);
    if (!best)
      throw new PlaceNotFoundError(`no place matches ${query.city} ${query.zip} ${query.country}`);
    return { lat: best.latitude, lon: best.longitude };
  }

  return {
    locate(query) {
      const key = [query.country, query.state ?? '', query.city, compactZip(query.zip)]
        .map(normalizeName)
        .join('|');
      return cachedLookup(cache, key, () => lookUp(query));
    },
  };
}
