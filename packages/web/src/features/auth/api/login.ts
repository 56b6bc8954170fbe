import { http } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session/session-store';

export interface LoginCredentials {
  username: string;
  password: string;
  remember: boolean;
}

/** Password grant against the token endpoint; the session is stored where `remember` says. */
export async function login({ username, password, remember }: LoginCredentials): Promise<void> {
  const answer = await http.requestToken({ grant_type: 'password', username, password });
  useSessionStore
    .getState()
    .setSession(
      { token: answer.access_token, refreshToken: answer.refresh_token, username },
      remember,
    );
}
