import { describe, expect, test } from 'vitest';
import type { BrandsFile } from '@hearth/protocol';
import { primaryPalette } from './apply-theme';
import { BRANDING_STORAGE_KEY, resolveBrand, useBrandingStore } from './branding-store';

const brand = (name: string, primary: string, support: string) => ({
  css: { brand: name, sbrand: '', cprimary: primary },
  cprimary: primary,
  clight: primary,
  cdark: primary,
  cdarksh: primary,
  brand_soporte: support,
  brand_url_label: `${name}.example`,
  productos: [
    { Radiadores: [], wifiHeaters: [], Acumuladores: [], Termostatos: [], Medidores: [] },
  ],
});
const brands: BrandsFile = {
  '01': brand('hearth', '#d9480f', 'a@x'),
  '02': brand('calora', '#0f7c8c', ''),
};

describe('branding', () => {
  test('the first two characters of the serial id choose the brand, after the configured prefix', () => {
    expect(resolveBrand(brands, '02.01').name).toBe('calora');
    expect(resolveBrand(brands, '15.02.01').name).toBe('calora');
    expect(resolveBrand(brands, '99.01').name).toBe('hearth');
  });

  test('an empty support address falls back to the built-in one; nothing loaded uses #F9B521', () => {
    expect(resolveBrand(brands, '02.01').support).toBe('support@hearth.example');
    expect(resolveBrand(null, '01.01').primary).toBe('#F9B521');
  });

  test('the primary palette follows the brand colour with a readable contrast', () => {
    expect(primaryPalette('#0f7c8c')).toMatchObject({
      '--ion-color-primary': '#0f7c8c',
      '--ion-color-primary-rgb': '15, 124, 140',
      '--ion-color-primary-contrast': '#ffffff',
    });
    expect(primaryPalette('#f9b521')['--ion-color-primary-contrast']).toBe('#1f1f1f');
  });

  test('branding is stored apart from the session, with its storage version', () => {
    useBrandingStore.getState().setSerialId('02.01');
    const stored = JSON.parse(localStorage.getItem(BRANDING_STORAGE_KEY) ?? '{}') as {
      version: number;
      serialId: string;
    };
    expect(stored).toMatchObject({ version: 2, serialId: '02.01' });
  });
});
