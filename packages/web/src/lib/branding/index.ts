export {
  useBrand,
  useBrandingStore,
  useSerialPrefixes,
  resolveBrand,
  BRANDING_STORAGE_KEY,
  type ResolvedBrand,
} from './branding-store';
export { useBranding } from './use-branding';
export { applyPrimary, primaryPalette } from './apply-theme';
