export {
  useBrand,
  useBrandingStore,
  useSerialPrefixes,
  resolveBrand,
  BRANDING_STORAGE_KEY,
  type ResolvedBrand,
} from './branding-store';
export { useBranding } from './use-branding';
export { applyPrimary, applyTheme, primaryPalette, shadeVariables } from './apply-theme';
export { brandLogos, themeVariant, BRAND_IMAGE_BASE, type BrandLogos } from './brand-assets';
export { BrandMainLogo } from './brand-main-logo';
