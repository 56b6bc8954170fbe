import { describe, expect, test } from 'vitest';
import {
  deviceDataError,
  deviceNameError,
  guestEmailError,
  isValidLockPassword,
  isValidNodeName,
  isValidPostcode,
  mapZoomForRange,
  missingHomeFields,
  nodeHeaderName,
  normalisePostcode,
  nudgeTimePicker,
  numericLabel,
  parseTimeLabel,
  revealLockPassword,
  sanitizeLockPasswordInput,
  snapGeoRange,
  timeLabel,
  timePickerValue,
  wifiSignalLevel,
} from './validation';

describe('names', () => {
  test('device name: 32 in the wizard, 30 in settings, required', () => {
    expect(deviceNameError('x'.repeat(32), 'wizard')).toBeNull();
    expect(deviceNameError('x'.repeat(33), 'wizard')).toBe('nameTooLong');
    expect(deviceNameError('x'.repeat(31), 'settings')).toBe('nameTooLong');
    expect(deviceNameError('  ', 'settings')).toBe('fields');
  });
  test('node name at most 30, header truncation at 22', () => {
    expect(isValidNodeName('x'.repeat(30))).toBe(true);
    expect(isValidNodeName('x'.repeat(31))).toBe(false);
    expect(nodeHeaderName('Living room radiator by window')).toBe('Living room radiator b…');
    expect(nodeHeaderName('Kitchen')).toBe('Kitchen');
    expect(nodeHeaderName('')).toBe('-');
  });
  test('device data: fields, then devid, then name', () => {
    const ok = { name: 'Box', devId: '0123456789abcdef01', serialId: '7' };
    expect(deviceDataError(ok)).toBeNull();
    expect(deviceDataError({ ...ok, serialId: '' })).toBe('fields');
    expect(deviceDataError({ ...ok, devId: '0123456789abcdef0' })).toBe('errors.devId');
    expect(deviceDataError({ ...ok, devId: '0123456789abcdefgh' })).toBe('errors.devId');
    expect(deviceDataError({ ...ok, name: 'x'.repeat(33) })).toBe('nameTooLong');
  });
});

describe('home data', () => {
  test('postcode uppercase and matched whole against the country format', () => {
    expect(normalisePostcode(' sw1a 1aa ')).toBe('SW1A 1AA');
    expect(isValidPostcode('sw1a 1aa', '[A-Z]{1,2}\\d[A-Z\\d]? \\d[A-Z]{2}')).toBe(true);
    expect(isValidPostcode('28001', '^\\d{5}$')).toBe(true);
    expect(isValidPostcode('280011', '\\d{5}')).toBe(false);
    expect(isValidPostcode('anything', undefined)).toBe(true);
    expect(isValidPostcode('anything', '([')).toBe(true);
  });
  test('missing fields in form order', () => {
    expect(missingHomeFields({ country: 'ES', city: ' ', name: 'Home' })).toEqual([
      'region',
      'city',
      'postcode',
    ]);
  });
  test('guest e-mail', () => {
    expect(guestEmailError('')).toBe('fields');
    expect(guestEmailError('bob')).toBe('errors.email');
    expect(guestEmailError('bob@example.org')).toBeNull();
  });
});

describe('lock password', () => {
  test('numeric, at most 4', () => {
    expect(isValidLockPassword('1234')).toBe(true);
    expect(isValidLockPassword('12345')).toBe(false);
    expect(isValidLockPassword('12a4')).toBe(false);
    expect(isValidLockPassword('')).toBe(false);
    expect(sanitizeLockPasswordInput('1a2b345')).toBe('1234');
    expect(revealLockPassword('1234', '1234')).toBe(false);
    expect(revealLockPassword('12', '1234')).toBe(true);
  });
});

describe('geolocation and wifi', () => {
  test('range snaps to 50 within 150–1000', () => {
    expect(snapGeoRange(520)).toBe(500);
    expect(snapGeoRange(530)).toBe(550);
    expect(snapGeoRange(10)).toBe(150);
    expect(snapGeoRange(5000)).toBe(1000);
    expect(mapZoomForRange(600)).toBe(14);
    expect(mapZoomForRange(599)).toBe(15);
  });
  test('signal levels', () => {
    expect(wifiSignalLevel(-71)).toBe(1);
    expect(wifiSignalLevel(-70)).toBe(2);
    expect(wifiSignalLevel(-50)).toBe(3);
    expect(wifiSignalLevel(-40)).toBe(4);
  });
});

describe('labels and pickers', () => {
  test('numeric label', () => {
    expect(numericLabel(20.5)).toEqual({ integer: '20', decimal: '5' });
    expect(numericLabel(19.96)).toEqual({ integer: '20', decimal: '0' });
    expect(numericLabel(-1.5)).toEqual({ integer: '-1', decimal: '5' });
    expect(numericLabel(-0.01)).toEqual({ integer: '0', decimal: '0' });
  });
  test('time label and parsing', () => {
    expect(timeLabel(0)).toBe('00:00');
    expect(timeLabel(7 * 60 + 5)).toBe('07:05');
    expect(timeLabel(1440 + 30)).toBe('00:30');
    expect(parseTimeLabel('07:05')).toBe(425);
    expect(parseTimeLabel('24:00')).toBeUndefined();
  });
  test('pickers step 1 h and 10 min and wrap the day', () => {
    expect(timePickerValue(7, 14)).toBe(430);
    expect(timePickerValue(23, 56)).toBe(0);
    expect(nudgeTimePicker(430, 'hour', 1)).toBe(490);
    expect(nudgeTimePicker(430, 'minute', -1)).toBe(420);
    expect(nudgeTimePicker(0, 'minute', -1)).toBe(1430);
    expect(nudgeTimePicker(23 * 60, 'hour', 1)).toBe(0);
  });
});
