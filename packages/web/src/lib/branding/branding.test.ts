import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { APP_COLOURS, DEFAULT_MAIN_COLOUR, type BrandsFile } from '@hearth/protocol';
import { appStylesheets } from '../../test/css-cascade';
import { applyTheme, primaryPalette, shadeVariables } from './apply-theme';
import { brandLogos, themeVariant } from './brand-assets';
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
  '01': brand('hearth', '#c9430e', 'a@x'),
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

describe('brand logos and theme variants (spec 1 §4, §9)', () => {
  test('logos are derived from the brand names; the secondary falls back to the default without sbrand', () => {
    expect(brandLogos({ name: 'calora', secondName: 'hearth' })).toEqual({
      main: '/webapp/v3/img/main-logo-calora.svg',
      logo: '/webapp/v3/img/logo-calora.svg',
      secondary: '/webapp/v3/img/logo-hearth.svg',
    });
    expect(brandLogos({ name: 'hearth', secondName: '' }).secondary).toBe(
      '/webapp/v3/img/logo-secondary-default.svg',
    );
    // A brand name never escapes the image folder.
    expect(brandLogos({ name: '../Evil Co', secondName: '' }).logo).toBe(
      '/webapp/v3/img/logo-evilco.svg',
    );
  });

  test('logos come from the configured host (spec 1 §7), as the native shells need', () => {
    expect(brandLogos({ name: 'calora', secondName: '' }, 'https://api.example')).toEqual({
      main: 'https://api.example/webapp/v3/img/main-logo-calora.svg',
      logo: 'https://api.example/webapp/v3/img/logo-calora.svg',
      secondary: 'https://api.example/webapp/v3/img/logo-secondary-default.svg',
    });
  });

  test("the theme sets the brand's shades and exactly one variant class on the root", () => {
    const root = document.createElement('div');
    const calora = resolveBrand(
      { ...brands, '02': { ...brands['02']!, clight: '#4fb3c2', cdark: '#0a5a66' } },
      '02.01',
    );
    applyTheme({ ...calora, variant: themeVariant(calora.name) }, root);
    expect(root.style.getPropertyValue('--ion-color-primary')).toBe('#0f7c8c');
    expect(root.style.getPropertyValue('--hearth-brand-light')).toBe('#4fb3c2');
    expect(root.style.getPropertyValue('--hearth-brand-dark')).toBe('#0a5a66');
    expect(root.classList.contains('brand-calora')).toBe(true);
    const hearth = resolveBrand(brands, '01.01');
    applyTheme({ ...hearth, variant: themeVariant(hearth.name) }, root);
    expect([...root.classList]).toEqual(['brand-hearth']);
  });

  test('a shade that is not a #rrggbb colour is not applied', () => {
    expect(
      shadeVariables({
        primary: '#000000',
        light: 'red;x',
        dark: '#123456',
        darkShade: '',
        variant: 'brand-x',
      }),
    ).toEqual({ '--hearth-brand-dark': '#123456' });
  });
});

describe('colour tokens of theme.css', () => {
  test('are the protocol tokens of the default brand colour and the brand-free colours', () => {
    const css = readFileSync(appStylesheets().find((f) => f.endsWith('theme.css')) ?? '', 'utf8');
    const rootBlock = /:root\s*{([^}]*)}/.exec(css)?.[1] ?? '';
    const value = (name: string) => new RegExp(`${name}:\\s*([^;]+);`).exec(rootBlock)?.[1]?.trim();
    for (const [name, colour] of Object.entries(primaryPalette(DEFAULT_MAIN_COLOUR)))
      expect(value(name), name).toBe(colour);
    for (const [name, colour] of Object.entries(APP_COLOURS))
      expect(value(`--hearth-${name}`), name).toBe(colour);
  });
});
