import { afterEach, describe, expect, test } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { geoPermissionKey } from '@hearth/protocol';
import { renderWithApp } from '../../../test/render';
import { webPlatform, type Platform } from '../../../lib/platform';
import { fakeGps } from '../../../lib/geo-tracking/fake-gps';
import { GeoTrackingToggle } from './geo-tracking-toggle';

const phone = (gps: ReturnType<typeof fakeGps>): Platform => ({
  ...webPlatform,
  kind: 'android',
  isNative: true,
  geolocation: gps.service,
});

afterEach(() => localStorage.clear());

describe('geolocation tracking toggle', () => {
  test('asks for the location permission and keeps this home tracked on the phone', async () => {
    const gps = fakeGps({ permission: true });
    renderWithApp(<GeoTrackingToggle homeId="h1" platform={phone(gps)} />);
    const toggle = await screen.findByRole('switch', { name: 'Track my location for this home' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(localStorage.getItem(geoPermissionKey('h1'))).toBe('granted'));
    expect(gps.state.permissionAsked).toBe(1);
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(localStorage.getItem(geoPermissionKey('h1'))).toBeNull());
    expect(gps.state.permissionAsked).toBe(1);
  });

  test('a refused permission leaves the home untracked and says so', async () => {
    const gps = fakeGps({ permission: false });
    renderWithApp(<GeoTrackingToggle homeId="h1" platform={phone(gps)} />);
    const toggle = await screen.findByRole('switch', { name: 'Track my location for this home' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Location permission was not granted',
    );
    expect(toggle).not.toBeChecked();
    expect(localStorage.getItem(geoPermissionKey('h1'))).toBeNull();
  });

  test('a home tracked before shows switched on', async () => {
    localStorage.setItem(geoPermissionKey('h1'), 'granted');
    renderWithApp(<GeoTrackingToggle homeId="h1" platform={phone(fakeGps())} />);
    await waitFor(() => expect(screen.getByRole('switch')).toBeChecked());
  });

  test('the web app has no toggle (native only)', () => {
    renderWithApp(<GeoTrackingToggle homeId="h1" platform={webPlatform} />);
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
