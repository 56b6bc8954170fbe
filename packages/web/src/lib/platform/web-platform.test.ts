import { afterEach, describe, expect, test, vi } from 'vitest';
import { platform, webPlatform } from './index';
import { readableOn } from './status-bar-style';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The browser's location API as Chromium behaves: asking reads a position, the prompt decides. */
function stubBrowserLocation(answer: 'granted' | 'denied') {
  let state: PermissionState = 'prompt';
  const reads: string[] = [];
  vi.stubGlobal('navigator', {
    ...navigator,
    permissions: { query: async () => ({ state }) },
    geolocation: {
      getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => {
        reads.push('read');
        state = answer;
        // Even a granted permission may give no fix indoors: the error is tolerated.
        fail({ code: 2, message: 'position unavailable' } as GeolocationPositionError);
      },
    },
  });
  return reads;
}

describe('web platform', () => {
  test('is the platform in a browser', () => {
    expect(platform).toBe(webPlatform);
    expect(platform.isNative).toBe(false);
  });

  test('preferences keep values in localStorage', async () => {
    await webPlatform.preferences.set('geo', 'granted');
    expect(localStorage.getItem('geo')).toBe('granted');
    expect(await webPlatform.preferences.get('geo')).toBe('granted');
    expect(await webPlatform.preferences.keys()).toEqual(['geo']);
    await webPlatform.preferences.remove('geo');
    expect(await webPlatform.preferences.get('geo')).toBeNull();
  });

  test('the status bar colour becomes the page theme colour', async () => {
    const meta = document.createElement('meta');
    meta.name = 'theme-color';
    meta.content = '#000000';
    document.head.append(meta);
    await webPlatform.setStatusBarColor('#2a7ab0');
    expect(meta.content).toBe('#2a7ab0');
    meta.remove();
  });

  test('resume fires when the page becomes visible again, until unsubscribed', () => {
    let resumed = 0;
    const stop = webPlatform.onResume(() => (resumed += 1));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(resumed).toBe(1);
    stop();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(resumed).toBe(1);
  });

  test('geolocation is refused where the browser has none', async () => {
    expect('geolocation' in navigator).toBe(false);
    expect(await webPlatform.geolocation.requestPermission()).toBe(false);
    await expect(
      webPlatform.geolocation.watch(
        () => undefined,
        () => undefined,
      ),
    ).rejects.toThrow('geolocation not supported');
  });
});

describe('web geolocation permission (spec 1 §5)', () => {
  test('asking reads a position; a granted state counts even when the read fails', async () => {
    const reads = stubBrowserLocation('granted');
    expect(await webPlatform.geolocation.requestPermission()).toBe(true);
    expect(reads).toEqual(['read']);
  });

  test('a refused prompt is no permission', async () => {
    stubBrowserLocation('denied');
    expect(await webPlatform.geolocation.requestPermission()).toBe(false);
  });
});

describe('status bar text', () => {
  test('dark text on the light default brand, light text on dark brands', () => {
    expect(readableOn('#F9B521')).toBe('dark');
    expect(readableOn('#1b3a5c')).toBe('light');
    expect(readableOn('not a colour')).toBe('dark');
  });
});
