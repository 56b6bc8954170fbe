import { describe, expect, test } from 'vitest';
import type { LocationInfo } from '@hearth/protocol';
import { availableDeviceTypes } from './device-types';
import { editHomeData, homeDataError, placeOf, regionsOf, timeZoneOf } from './home-data-model';

const info = {
  ES: { zipFormat: '^\\d{5}$', states: { Madrid: 'Europe/Madrid', Girona: 'Europe/Madrid' } },
  GB: { zipFormat: '', states: { London: 'Europe/London' } },
} as unknown as LocationInfo;
const filled = { country: 'ES', state: 'Madrid', city: ' Madrid ', zip: '28001', name: 'Flat' };

describe('device types offered (spec 2 §2)', () => {
  test('the wifi heater only in the native app; ethernet when available; wifi with its models', () => {
    const web = { native: false, ethernetAvailable: true, wifiAvailable: true };
    expect(availableDeviceTypes(web)).toEqual(['ethernet']);
    expect(availableDeviceTypes({ ...web, native: true })).toEqual(['wifiHtr', 'wifi', 'ethernet']);
    expect(
      availableDeviceTypes({ native: true, ethernetAvailable: false, wifiAvailable: false }),
    ).toEqual(['wifiHtr']);
  });

  test('ethernet: always on the web, hidden in the native app when the brand says unavailable (ruling D7)', () => {
    const web = { native: false, ethernetAvailable: false, wifiAvailable: true };
    expect(availableDeviceTypes(web)).toEqual(['ethernet']);
    expect(availableDeviceTypes({ ...web, native: true })).toEqual(['wifiHtr', 'wifi']);
  });
});

describe('home data (spec 2 §3, §5)', () => {
  test('every field is required, listed in form order', () => {
    expect(homeDataError({ ...filled, city: ' ', name: '' }, info)).toEqual({
      kind: 'fields',
      missing: ['city', 'name'],
    });
  });

  test("the postcode must match the country's format, when it has one", () => {
    expect(homeDataError({ ...filled, zip: '2800' }, info)).toEqual({ kind: 'zipFormat' });
    expect(homeDataError(filled, info)).toBeNull();
    expect(homeDataError({ ...filled, country: 'GB', state: 'London', zip: 'x' }, info)).toBeNull();
  });

  test('the region resets when the country changes; the postcode shows uppercase', () => {
    expect(editHomeData(filled, 'country', 'GB')).toMatchObject({ country: 'GB', state: '' });
    expect(editHomeData(filled, 'country', 'ES').state).toBe('Madrid');
    expect(editHomeData(filled, 'zip', 'sw1a 1aa').zip).toBe('SW1A 1AA');
  });

  test("the regions are the country's; tz_code comes from the chosen region", () => {
    expect(regionsOf(info, 'ES')).toEqual(['Girona', 'Madrid']);
    expect(regionsOf(info, '')).toEqual([]);
    expect(timeZoneOf(info, 'GB', 'London')).toBe('Europe/London');
    expect(placeOf(filled, info)).toEqual({
      country: 'ES',
      state: 'Madrid',
      city: 'Madrid',
      zip: '28001',
      tz_code: 'Europe/Madrid',
    });
  });
});
