import { describe, expect, it } from 'vitest';
import { isSecretKey, redact, redactAt, REDACTED } from './redact';

describe('redact', () => {
  it('finds secret words in keys of any casing or separator', () => {
    for (const key of [
      'pass',
      'wifi_pass',
      'password',
      'clientSecret',
      'access_token',
      'refreshToken',
      'ssid',
      'email',
      'e-mail',
      'notifyEmail',
      'code',
      'api_key',
      'position',
      'coarsePosition',
    ])
      expect(isSecretKey(key), key).toBe(true);
    for (const key of [
      'tz_code',
      'stemp',
      'mode',
      'keyboard_lock',
      'passive',
      'relative',
      'uid',
      'fw_version',
      'units',
    ])
      expect(isSecretKey(key), key).toBe(false);
  });

  it('replaces their values at any depth, in objects and arrays', () => {
    expect(
      redact({ a: [{ pass: 'x', keep: 1 }], nested: { deeper: { token: 'y', stemp: '21.0' } } }),
    ).toEqual({
      a: [{ pass: REDACTED, keep: 1 }],
      nested: { deeper: { token: REDACTED, stemp: '21.0' } },
    });
  });

  it('keeps of a location only its country, time zone and range', () => {
    expect(
      redactAt('/geo_data', {
        country: 'ES',
        city: 'X',
        zip: '1',
        tz_code: 'Europe/Madrid',
        outdoor_range: 300,
        state: 'M',
      }),
    ).toEqual({ country: 'ES', tz_code: 'Europe/Madrid', outdoor_range: 300 });
    expect(redactAt('/htr/1/status', { stemp: '20.0' })).toEqual({ stemp: '20.0' });
  });
});
