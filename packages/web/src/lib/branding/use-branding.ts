import { useEffect } from 'react';
import { BRANDING_FETCH_DELAY_MS } from '@hearth/protocol';
import { decodeToken } from '../session/jwt';
import { useSessionStore } from '../session/session-store';
import { applyTheme } from './apply-theme';
import { themeVariant } from './brand-assets';
import { useBrand, useBrandingStore } from './branding-store';

/** Spec 1 §9: branding is fetched shortly after start-up (the constant lives in protocol). */
export { BRANDING_FETCH_DELAY_MS };

const fetchBrands = () => import('./fetch-brands').then((m) => m.fetchBrands());

/**
 * Loads the brand file after start-up and again on each session renewal, follows the
 * serial id of the signed-in user, and themes the app with the brand's colours and variant.
 */
export function useBranding(): void {
  const token = useSessionStore((s) => s.token);
  const brand = useBrand();
  useEffect(() => {
    const serialId = decodeToken(token).serialId;
    if (serialId) useBrandingStore.getState().setSerialId(serialId);
    const timer = setTimeout(() => {
      // A failure was already shown as a dataUpdate error by the HTTP layer.
      fetchBrands().catch(() => undefined);
    }, BRANDING_FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [token]);
  const { primary, light, dark, darkShade, name } = brand;
  useEffect(
    () => applyTheme({ primary, light, dark, darkShade, variant: themeVariant(name) }),
    [primary, light, dark, darkShade, name],
  );
}
