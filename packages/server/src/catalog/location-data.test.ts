import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_COUNTRIES, type LocationInfo } from '@hearth/protocol';
import { getLocationInfo, supportedTimezones, timezoneFor } from './location-data';
import { closedPortUrl, startCatalog, type RunningCatalog } from './test-servers';

let catalog: RunningCatalog;
let info: LocationInfo;

beforeAll(async () => {
  const nowhere = await closedPortUrl();
  catalog = await startCatalog({ weatherBaseUrl: nowhere, geocoderBaseUrl: nowhere });
  const res = await fetch(`${catalog.url}/api/location/v1/info`);
  expect(res.status).toBe(200);
  info = (await res.json()) as LocationInfo;
});

afterAll(async () => {
  await catalog.app.close();
});

const isIanaZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
};

/** Real postcodes that must pass, and near misses that must not, per country. */
const ZIP_SAMPLES: Record<(typeof HOME_COUNTRIES)[number], { valid: string[]; invalid: string[] }> =
  {
    AD: { valid: ['AD100', 'AD500', 'AD700'], invalid: ['AD800', 'AD10', '500', 'ad500'] },
    BE: { valid: ['1000', '9000', '4000'], invalid: ['0999', '10000', '100A'] },
    ES: {
      valid: ['28001', '46001', '38001', '51001', '52001', '07001'],
      invalid: ['00100', '53001', '2800', '280011', '99000'],
    },
    FR: {
      valid: ['75008', '20000', '97110', '01000'],
      invalid: ['00100', '99000', '7500', 'F75008'],
    },
    IT: { valid: ['00118', '20121', '98168'], invalid: ['2012', '201211', 'I-20121'] },
    PT: {
      valid: ['1000-001', '9500-150', '4000-322'],
      invalid: ['1000001', '1000', '0100-001', '1000-01'],
    },
    GB: {
      valid: [
        'SW1A 1AA',
        'M1 1AE',
        'B33 8TH',
        'CR2 6XH',
        'DN55 1PT',
        'W1A 0AX',
        'EC1A 1BB',
        'SW1A1AA',
        'GIR 0AA',
      ],
      invalid: ['Q1 1AA', 'SW1A 1CA', 'SW1A', '12345', 'JE2 3AB 1'],
    },
    JE: { valid: ['JE2 3AB', 'JE14AB'], invalid: ['JE6 1AB', 'GY1 1AA', 'JE2'] },
    GG: { valid: ['GY1 1AA', 'GY10 1AB', 'GY9 3UZ'], invalid: ['GY11 1AA', 'JE1 1AA', 'GY1'] },
    IM: { valid: ['IM1 1AA', 'IM99 1PS', 'IM86 1AB'], invalid: ['IM50 1AA', 'IM0 1AA', 'IM1'] },
    IE: {
      valid: ['D02 X285', 'A65 F4E2', 'D6W 1234', 'T12AC34'],
      invalid: ['D02 X28', 'B12 3456', 'D02 XO85', '12345', 'T12AB34'],
    },
  };

describe('GET /api/location/v1/info', () => {
  it('lists exactly the eleven home countries of the spec', () => {
    expect(Object.keys(info).sort()).toEqual([...HOME_COUNTRIES].sort());
  });

  it('gives every region of every country a real IANA time zone', () => {
    for (const [country, { states }] of Object.entries(info)) {
      expect(Object.keys(states).length, country).toBeGreaterThan(0);
      for (const [region, tz] of Object.entries(states))
        expect(isIanaZone(tz), `${country}/${region} ${tz}`).toBe(true);
    }
  });

  it('lists all 50 Spanish provinces plus Ceuta and Melilla, the Canaries on Atlantic time', () => {
    const spain = info.ES.states;
    expect(Object.keys(spain)).toHaveLength(52);
    expect(spain['Las Palmas']).toBe('Atlantic/Canary');
    expect(spain['Santa Cruz de Tenerife']).toBe('Atlantic/Canary');
    expect(spain.Ceuta).toBe('Africa/Ceuta');
    expect(spain.Melilla).toBe('Africa/Ceuta');
    expect(spain.Madrid).toBe('Europe/Madrid');
    expect(spain['Illes Balears']).toBe('Europe/Madrid');
    const canary = Object.entries(spain).filter(([, tz]) => tz === 'Atlantic/Canary');
    expect(canary).toHaveLength(2);
  });

  it('lists the regions of the other countries with their own zones', () => {
    expect(Object.keys(info.PT.states)).toHaveLength(20);
    expect(info.PT.states['Açores']).toBe('Atlantic/Azores');
    expect(info.PT.states.Madeira).toBe('Atlantic/Madeira');
    expect(info.PT.states.Lisboa).toBe('Europe/Lisbon');
    expect(Object.values(info.IT.states).filter((tz) => tz === 'Europe/Rome')).toHaveLength(20);
    expect(Object.values(info.FR.states).filter((tz) => tz === 'Europe/Paris')).toHaveLength(13);
    expect(Object.keys(info.BE.states)).toHaveLength(11);
    expect(Object.keys(info.GB.states).sort()).toEqual([
      'England',
      'Northern Ireland',
      'Scotland',
      'Wales',
    ]);
    expect(Object.keys(info.IE.states)).toHaveLength(26);
    expect(Object.keys(info.AD.states)).toHaveLength(7);
    expect(info.JE.states).toEqual({ Jersey: 'Europe/Jersey' });
    expect(info.GG.states).toEqual({ Guernsey: 'Europe/Guernsey' });
    expect(info.IM.states).toEqual({ 'Isle of Man': 'Europe/Isle_of_Man' });
  });

  it.each(HOME_COUNTRIES)(
    'the %s postcode format accepts real postcodes and rejects near misses',
    (country) => {
      const pattern = new RegExp(info[country].zipFormat);
      for (const zip of ZIP_SAMPLES[country].valid)
        expect(pattern.test(zip), `${country} ${zip}`).toBe(true);
      for (const zip of ZIP_SAMPLES[country].invalid)
        expect(pattern.test(zip), `${country} ${zip}`).toBe(false);
    },
  );
});

describe('location data for other server code', () => {
  it('finds the time zone of a region and nothing for unknown ones', () => {
    expect(timezoneFor('ES', 'Las Palmas')).toBe('Atlantic/Canary');
    expect(timezoneFor('ES', 'Atlantis')).toBeUndefined();
    expect(timezoneFor('XX', 'Madrid')).toBeUndefined();
  });

  it('hands out copies, so a caller cannot change the shared table', () => {
    const copy = getLocationInfo();
    copy.ES.states.Madrid = 'Europe/Paris';
    expect(timezoneFor('ES', 'Madrid')).toBe('Europe/Madrid');
  });

  it('derives the supported time zones from the regions, once each', () => {
    const zones = supportedTimezones();
    expect(new Set(zones).size).toBe(zones.length);
    expect(zones).toEqual(
      expect.arrayContaining([
        'Atlantic/Canary',
        'Atlantic/Azores',
        'Europe/Dublin',
        'Europe/Isle_of_Man',
      ]),
    );
  });
});
