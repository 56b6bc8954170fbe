import { http } from '../../../lib/http';
import { useBrandingStore } from '../../../lib/branding/branding-store';

/**
 * Mails the confirmation link again (ruling D14: an unconfirmed account at sign-in). The
 * server answers the same for every address. The sign-in screen has no client data loaded
 * in the light entry, so the links open where the app was loaded from.
 */
export function resendConfirmation(email: string): Promise<unknown> {
  return http.request<unknown>('/api/v2/users/verify/resend', {
    method: 'POST',
    json: {
      email,
      serialid: useBrandingStore.getState().serialId,
      frontend_host: window.location.origin,
    },
    auth: false,
    quiet: true,
  });
}
