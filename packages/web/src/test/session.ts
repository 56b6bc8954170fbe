import { useSessionStore } from '../lib/session/session-store';
import { tokenExpiringIn } from './tokens';

/** Signs a user in (user id u1) with an access token good for an hour. */
export function signIn() {
  useSessionStore.getState().setSession({
    token: tokenExpiringIn(3_600_000),
    refreshToken: 'r',
    username: 'ana@example.com',
  });
}
