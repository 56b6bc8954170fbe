import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { BRANDING_FETCH_DELAY_MS, MIN_STORAGE_VERSION } from '@hearth/protocol';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { makeToken, tokenExpiringIn } from '../../test/tokens';
import { useSessionStore } from '../session/session-store';

const calora = {
  css: { brand: 'calora', sbrand: '', cprimary: '#0f7c8c' },
  cprimary: '#0f7c8c',
  clight: '#0f7c8c',
  cdark: '#0f7c8c',
  cdarksh: '#0f7c8c',
  brand_soporte: 'help@calora.example',
  brand_url_label: 'calora.example',
  productos: [
    { Radiadores: [], wifiHeaters: [], Acumuladores: [], Termostatos: [], Medidores: [] },
  ],
};

afterEach(() => {
  localStorage.clear();
  useSessionStore.getState().clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** The branding store as a fresh start reads it from what the last run stored. */
async function startWith(stored: unknown) {
  localStorage.setItem('hearth.branding', JSON.stringify(stored));
  vi.resetModules();
  return (await import('./branding-store')).useBrandingStore.getState();
}

describe('cached branding (spec 1 §4: used only from storage version 2)', () => {
  test('a cache of the minimum storage version is used', async () => {
    const state = await startWith({
      version: MIN_STORAGE_VERSION,
      serialId: '02.01',
      brands: { '02': calora },
    });
    expect(state.serialId).toBe('02.01');
    expect(state.brands?.['02']?.brand_soporte).toBe('help@calora.example');
  });

  test.each([{ version: MIN_STORAGE_VERSION - 1 }, {}])(
    'an older cache (%o) is ignored, to be fetched again',
    async (version) => {
      const state = await startWith({ ...version, serialId: '02.01', brands: { '02': calora } });
      expect(state.brands).toBeNull();
    },
  );
});

describe('branding fetch (spec 1 §4, §9)', () => {
  test('about 500 ms after start-up, and again on each session renewal', async () => {
    vi.useFakeTimers();
    const { calls } = installFakeFetch({
      'GET /webapp/v3/json/brands.json': () => json({ '02': calora }),
    });
    const brandCalls = () => calls.filter((c) => c.url.endsWith('/brands.json')).length;
    // Fresh modules (the cache tests reset them): the session store use-branding reads.
    const { useBranding } = await import('./use-branding');
    const session = (await import('../session/session-store')).useSessionStore;
    renderHook(() => useBranding());
    await act(async () => vi.advanceTimersByTimeAsync(BRANDING_FETCH_DELAY_MS - 1));
    expect(brandCalls()).toBe(0);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(brandCalls()).toBe(1));
    act(() =>
      session.getState().setSession({
        token: tokenExpiringIn(3_600_000),
        refreshToken: 'r2',
        username: 'ana@example.com',
      }),
    );
    await act(async () => vi.advanceTimersByTimeAsync(BRANDING_FETCH_DELAY_MS));
    await vi.waitFor(() => expect(brandCalls()).toBe(2));
    session.getState().clear();
  });
});

test('a renewed session sets the serial id from its token (spec 1 §4)', async () => {
  const { useBranding } = await import('./use-branding');
  const session = (await import('../session/session-store')).useSessionStore;
  const branding = (await import('./branding-store')).useBrandingStore;
  installFakeFetch({ 'GET /webapp/v3/json/brands.json': () => json({ '02': calora }) });
  renderHook(() => useBranding());
  act(() =>
    session.getState().setSession({
      token: makeToken({ exp: Math.floor(Date.now() / 1000) + 3600, serialId: '02.07' }),
      refreshToken: 'r3',
      username: 'ana@example.com',
    }),
  );
  expect(branding.getState().serialId).toBe('02.07');
  session.getState().clear();
});
