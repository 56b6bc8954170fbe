import { appConfig } from '../config';

/** Spec 1 §7: logo assets are served from {host}/webapp/v3/img/{file}. */
export const BRAND_IMAGE_BASE = '/webapp/v3/img/';
/** Spec 1 §4: the secondary logo when the brand names no second brand (sbrand empty). */
export const DEFAULT_SECONDARY_LOGO = 'logo-secondary-default.svg';

/** Brand names become file names: anything but letters, digits and dashes is dropped. */
const fileSafe = (name: string) => name.toLowerCase().replace(/[^a-z0-9-]/g, '');

export interface BrandLogos {
  /** The large logo of the sign-in screens. */
  main: string;
  /** The brand's logo in the side panel. */
  logo: string;
  /** The second brand's logo ("with"), or the default one. */
  secondary: string;
}

/**
 * Spec 1 §4: main logo, logo and secondary logo are derived from the brand names. They come
 * from the configured host (spec 1 §7), which is not the app's own origin in the native shells.
 */
export function brandLogos(
  brand: { name: string; secondName: string },
  host: string = appConfig.apiBaseUrl,
): BrandLogos {
  const name = fileSafe(brand.name) || 'hearth';
  const second = fileSafe(brand.secondName);
  const base = `${host}${BRAND_IMAGE_BASE}`;
  return {
    main: `${base}main-logo-${name}.svg`,
    logo: `${base}logo-${name}.svg`,
    secondary: second ? `${base}logo-${second}.svg` : `${base}${DEFAULT_SECONDARY_LOGO}`,
  };
}

/** The theme variant a brand selects (a class on the document root), from its name. */
export function themeVariant(brandName: string): string {
  return `brand-${fileSafe(brandName) || 'hearth'}`;
}
