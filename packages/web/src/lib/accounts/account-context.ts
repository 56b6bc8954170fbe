import { decodeToken } from '../session/jwt';
import { useSessionStore } from '../session/session-store';
import { useBrandingStore } from '../branding/branding-store';
import { useClientData } from '../client-data';

/** The signed-in user's id from the access token ('' when signed out). */
export function useUserId(): string {
  return useSessionStore((s) => decodeToken(s.token).userId);
}

/**
 * Where e-mailed links should open (spec 1 §3, §7): the brand's appParameters.frontendHost,
 * or, when that is empty or not loaded, the origin the app was loaded from. The native shells
 * load from https://localhost or capacitor://localhost, which no e-mailed link can open.
 */
export function frontendHost(
  configured: string | undefined,
  origin: string = window.location.origin,
): string {
  return configured?.trim() || origin;
}

/** The frontend host the sign-up, forgot-password and change-e-mail requests carry. */
export function useFrontendHost(): string {
  return frontendHost(useClientData().appParameters?.frontendHost);
}

/** The serial id e-mailed links carry: the user's, else the branding one, else the default. */
export function currentSerialId(): string {
  const fromToken = decodeToken(useSessionStore.getState().token).serialId;
  return fromToken || useBrandingStore.getState().serialId;
}
