import { afterEach, describe, expect, test, vi } from 'vitest';
import { installFakeFetch, json } from '../../test/fake-fetch';
import { useErrorToastStore } from '../http';
import { NOT_REFUSALS, REFUSALS, countToasts, errorBody } from '../../test/toast-count';
import { useBrandingStore } from './branding-store';
import { fetchBrands } from './fetch-brands';

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
  useErrorToastStore.getState().dismiss();
  vi.unstubAllGlobals();
  localStorage.clear();
  useBrandingStore.setState({ brands: null });
});

describe('fetchBrands', () => {
  test('a brand file that holds is checked and stored', async () => {
    installFakeFetch({ 'GET /webapp/v3/json/brands.json': () => json({ '02': calora }) });
    await fetchBrands();
    expect(useBrandingStore.getState().brands?.['02']?.brand_soporte).toBe('help@calora.example');
  });

  test('a brand file that does not hold changes nothing', async () => {
    useBrandingStore.setState({ brands: { '02': calora } });
    installFakeFetch({
      'GET /webapp/v3/json/brands.json': () => json({ '02': { ...calora, cprimary: 7 } }),
    });
    await fetchBrands();
    expect(useBrandingStore.getState().brands).toEqual({ '02': calora });
    // Spec 1 §8: a failed branding fetch is the dataUpdate error.
    expect(useErrorToastStore.getState().kind).toBe('dataUpdate');
  });

  test.each([400, 409, 500])('a %i is the dataUpdate error (spec 1 §8)', async (status) => {
    installFakeFetch({
      'GET /webapp/v3/json/brands.json': () =>
        json({ message: 'no', statusCode: status, error: 'x' }, status),
    });
    await expect(fetchBrands()).rejects.toThrow();
    expect(useErrorToastStore.getState().kind).toBe('dataUpdate');
  });

  test.each([...REFUSALS, ...NOT_REFUSALS])(
    "a %i with code %s is the dataUpdate error, told once: the server's code says who tells it",
    async (status, code) => {
      installFakeFetch({
        'GET /webapp/v3/json/brands.json': () => json(errorBody(status, code), status),
      });
      const told = countToasts();
      await expect(fetchBrands()).rejects.toThrow();
      expect(useErrorToastStore.getState().kind).toBe('dataUpdate');
      expect(told()).toBe(1);
    },
  );
});
