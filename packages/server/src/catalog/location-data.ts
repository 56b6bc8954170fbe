import type { CountryLocationInfo, HomeCountry, LocationInfo } from '@hearth/protocol';

/**
 * Regions and postcode formats of the countries a home may be in (spec 2 §3 "Location info",
 * §9 "Country list"). Region names are the ones people write on an address in that country;
 * the time zone is what a home in that region gets as geo_data.tz_code.
 * Postcode patterns are written for the upper-case form, because the app upper-cases the postcode.
 */

const zone = (tz: string, regions: readonly string[]): Record<string, string> =>
  Object.fromEntries(regions.map((region) => [region, tz]));

const SPAIN_PENINSULA_AND_BALEARICS = [
  'A Coruña',
  'Álava',
  'Albacete',
  'Alicante',
  'Almería',
  'Asturias',
  'Ávila',
  'Badajoz',
  'Barcelona',
  'Bizkaia',
  'Burgos',
  'Cáceres',
  'Cádiz',
  'Cantabria',
  'Castellón',
  'Ciudad Real',
  'Córdoba',
  'Cuenca',
  'Gipuzkoa',
  'Girona',
  'Granada',
  'Guadalajara',
  'Huelva',
  'Huesca',
  'Illes Balears',
  'Jaén',
  'La Rioja',
  'León',
  'Lleida',
  'Lugo',
  'Madrid',
  'Málaga',
  'Murcia',
  'Navarra',
  'Ourense',
  'Palencia',
  'Pontevedra',
  'Salamanca',
  'Segovia',
  'Sevilla',
  'Soria',
  'Tarragona',
  'Teruel',
  'Toledo',
  'Valencia',
  'Valladolid',
  'Zamora',
  'Zaragoza',
] as const;

/** The two Canary provinces keep Atlantic time. */
const SPAIN_CANARIES = ['Las Palmas', 'Santa Cruz de Tenerife'] as const;

/** IANA's Africa/Ceuta zone covers both autonomous cities. */
const SPAIN_AUTONOMOUS_CITIES = ['Ceuta', 'Melilla'] as const;

const PORTUGAL_MAINLAND_DISTRICTS = [
  'Aveiro',
  'Beja',
  'Braga',
  'Bragança',
  'Castelo Branco',
  'Coimbra',
  'Évora',
  'Faro',
  'Guarda',
  'Leiria',
  'Lisboa',
  'Portalegre',
  'Porto',
  'Santarém',
  'Setúbal',
  'Viana do Castelo',
  'Vila Real',
  'Viseu',
] as const;

const FRANCE_METROPOLITAN_REGIONS = [
  'Auvergne-Rhône-Alpes',
  'Bourgogne-Franche-Comté',
  'Bretagne',
  'Centre-Val de Loire',
  'Corse',
  'Grand Est',
  'Hauts-de-France',
  'Île-de-France',
  'Normandie',
  'Nouvelle-Aquitaine',
  'Occitanie',
  'Pays de la Loire',
  "Provence-Alpes-Côte d'Azur",
] as const;

const ITALY_REGIONS = [
  'Abruzzo',
  'Basilicata',
  'Calabria',
  'Campania',
  'Emilia-Romagna',
  'Friuli-Venezia Giulia',
  'Lazio',
  'Liguria',
  'Lombardia',
  'Marche',
  'Molise',
  'Piemonte',
  'Puglia',
  'Sardegna',
  'Sicilia',
  'Toscana',
  'Trentino-Alto Adige',
  'Umbria',
  "Valle d'Aosta",
  'Veneto',
] as const;

const BELGIUM_REGIONS = [
  'Antwerpen',
  'Brabant wallon',
  'Bruxelles-Capitale',
  'Hainaut',
  'Liège',
  'Limburg',
  'Luxembourg',
  'Namur',
  'Oost-Vlaanderen',
  'Vlaams-Brabant',
  'West-Vlaanderen',
] as const;

const IRELAND_COUNTIES = [
  'Carlow',
  'Cavan',
  'Clare',
  'Cork',
  'Donegal',
  'Dublin',
  'Galway',
  'Kerry',
  'Kildare',
  'Kilkenny',
  'Laois',
  'Leitrim',
  'Limerick',
  'Longford',
  'Louth',
  'Mayo',
  'Meath',
  'Monaghan',
  'Offaly',
  'Roscommon',
  'Sligo',
  'Tipperary',
  'Waterford',
  'Westmeath',
  'Wexford',
  'Wicklow',
] as const;

const ANDORRA_PARISHES = [
  'Andorra la Vella',
  'Canillo',
  'Encamp',
  'Escaldes-Engordany',
  'La Massana',
  'Ordino',
  'Sant Julià de Lòria',
] as const;

/** Letters the UK (and Crown Dependencies) use in the inward code's last two places. */
const UK_INWARD = '\\d[ABD-HJLNP-UW-Z]{2}';

const LOCATION_INFO: LocationInfo = {
  AD: { zipFormat: '^AD[1-7]\\d{2}$', states: zone('Europe/Andorra', ANDORRA_PARISHES) },
  BE: { zipFormat: '^[1-9]\\d{3}$', states: zone('Europe/Brussels', BELGIUM_REGIONS) },
  ES: {
    // Two-digit province prefix 01–52, then three digits.
    zipFormat: '^(?:0[1-9]|[1-4]\\d|5[0-2])\\d{3}$',
    states: {
      ...zone('Europe/Madrid', SPAIN_PENINSULA_AND_BALEARICS),
      ...zone('Atlantic/Canary', SPAIN_CANARIES),
      ...zone('Africa/Ceuta', SPAIN_AUTONOMOUS_CITIES),
    },
  },
  FR: {
    // Département prefix 01–98 (Corsica is 20, overseas 97, Monaco 98).
    zipFormat: '^(?:0[1-9]|[1-8]\\d|9[0-8])\\d{3}$',
    states: {
      ...zone('Europe/Paris', FRANCE_METROPOLITAN_REGIONS),
      Guadeloupe: 'America/Guadeloupe',
      Martinique: 'America/Martinique',
      Guyane: 'America/Cayenne',
      'La Réunion': 'Indian/Reunion',
      Mayotte: 'Indian/Mayotte',
    },
  },
  IT: { zipFormat: '^\\d{5}$', states: zone('Europe/Rome', ITALY_REGIONS) },
  PT: {
    zipFormat: '^[1-9]\\d{3}-\\d{3}$',
    states: {
      ...zone('Europe/Lisbon', PORTUGAL_MAINLAND_DISTRICTS),
      Açores: 'Atlantic/Azores',
      Madeira: 'Atlantic/Madeira',
    },
  },
  GB: {
    // Outward code in its six shapes (A9, A99, AA9, AA99, A9A, AA9A), optional space, inward
    // code; GIR 0AA is the one historic exception still in use.
    zipFormat: `^(?:GIR ?0AA|(?:[A-PR-UWYZ]\\d{1,2}|[A-PR-UWYZ][A-HK-Y]\\d{1,2}|[A-PR-UWYZ]\\d[A-HJKPSTUW]|[A-PR-UWYZ][A-HK-Y]\\d[ABEHMNPRV-Y]) ?${UK_INWARD})$`,
    states: zone('Europe/London', ['England', 'Scotland', 'Wales', 'Northern Ireland']),
  },
  JE: { zipFormat: `^JE[1-5] ?${UK_INWARD}$`, states: { Jersey: 'Europe/Jersey' } },
  GG: { zipFormat: `^GY(?:10|[1-9]) ?${UK_INWARD}$`, states: { Guernsey: 'Europe/Guernsey' } },
  IM: {
    zipFormat: `^IM(?:99|8[67]|[1-9]) ?${UK_INWARD}$`,
    states: { 'Isle of Man': 'Europe/Isle_of_Man' },
  },
  IE: {
    // Eircode: routing key (a letter and two digits, or D6W), then four characters of its alphabet.
    zipFormat: '^(?:[AC-FHKNPRTV-Y]\\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$',
    states: zone('Europe/Dublin', IRELAND_COUNTIES),
  },
};

/** The whole location info answer; a fresh copy so callers cannot alter the shared table. */
export function getLocationInfo(): LocationInfo {
  return structuredClone(LOCATION_INFO);
}

export function getCountryLocationInfo(country: HomeCountry): CountryLocationInfo {
  return structuredClone(LOCATION_INFO[country]);
}

/** The time zone of a region, or undefined when the country or region is not one we list. */
export function timezoneFor(country: string, state: string): string | undefined {
  const info = (LOCATION_INFO as Record<string, CountryLocationInfo | undefined>)[country];
  return info?.states[state];
}

/** Every time zone a home can have, sorted: the default `supportedTimezones` of the client data. */
export function supportedTimezones(): string[] {
  const zones = new Set(Object.values(LOCATION_INFO).flatMap((info) => Object.values(info.states)));
  return [...zones].sort();
}
