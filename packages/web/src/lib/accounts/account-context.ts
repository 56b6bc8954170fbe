import { decodeToken } from '../session/jwt';
import { useSessionStore } from '../session/session-store';
import { useBrandingStore } from '../branding/branding-store';

/** The signed-in user's id from the access token ('' when signed out). */
export function useUserId(): string {
  return useSessionStore((s) => decodeToken(s.token).userId);
}

/** Where e-mailed links should open: this app's own origin. */
export function frontendHost(): string {
  return window.location.origin;
}

/** The serial id e-mailed links carry: the user's, else the branding one, else the default. */
export function currentSerialId(): string {
  const fromToken = decodeToken(useSessionStore.getState().token).serialId;
  return fromToken || useBrandingStore.getState().serialId;
}
