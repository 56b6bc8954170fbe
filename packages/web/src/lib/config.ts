import { DEV_CLIENT_ID, DEV_CLIENT_SECRET } from '@hearth/protocol';

/**
 * Build-time configuration of the app. The client credentials default to the ones a
 * non-production server accepts, so a fresh checkout signs in without setup.
 */
export interface AppConfig {
  /** Origin of the API without a trailing slash; '' means same origin. */
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export const appConfig: AppConfig = {
  apiBaseUrl: trimSlash(import.meta.env.VITE_API_BASE_URL ?? ''),
  clientId: import.meta.env.VITE_CLIENT_ID || DEV_CLIENT_ID,
  clientSecret: import.meta.env.VITE_CLIENT_SECRET || DEV_CLIENT_SECRET,
};

/** The origin the realtime socket connects to: the API base, or the page's own origin. */
export function apiOrigin(config: AppConfig = appConfig): string {
  return config.apiBaseUrl || window.location.origin;
}

/** `Basic base64(id:secret)` for the token endpoint (docs/wire-contract.md §2). */
export function clientBasicAuth(config: AppConfig = appConfig): string {
  return `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`;
}
