import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { geoPermissionKey } from '@hearth/protocol';
import { setHomeTracked } from '../lib/geo-tracking';
import { webPlatform, type Platform, type PreferencesStore } from '../lib/platform';
import { useSessionStore } from '../lib/session/session-store';
import { installFakeFetch, json } from '../test/fake-fetch';
import { renderWithApp } from '../test/render';
import { signIn } from '../test/session';
import { GeoTrackingRunner } from './geo-tracking-runner';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('geolocation tracking runner', () => {
  test('signing out wipes the homes tracked on this device from the native preferences too', async () => {
    installFakeFetch({ 'GET /api/v2/grouped_devs': () => json([]) });
    signIn();
    // Native preferences live outside localStorage, so the session's own wipe misses them.
    const stored = new Map<string, string>();
    const preferences: PreferencesStore = {
      get: async (key) => stored.get(key) ?? null,
      set: async (key, value) => void stored.set(key, value),
      remove: async (key) => void stored.delete(key),
      keys: async () => [...stored.keys()],
    };
    const platform: Platform = { ...webPlatform, preferences };
    await setHomeTracked(preferences, 'h1', true);
    await setHomeTracked(preferences, 'h2', true);
    await preferences.set('other', 'kept');
    renderWithApp(<GeoTrackingRunner platform={platform} />);
    act(() => useSessionStore.getState().clear());
    await waitFor(() => expect(stored.has(geoPermissionKey('h1'))).toBe(false));
    expect(stored.has(geoPermissionKey('h2'))).toBe(false);
    expect(stored.get('other')).toBe('kept');
  });
});
