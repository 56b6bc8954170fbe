import { installFakeFetch, json } from './fake-fetch';
import { errorBody } from './toast-count';
import { tokenExpiringIn } from './tokens';

/** An access token good for four hours, as the token endpoint hands it out. */
export const token = tokenExpiringIn(4 * 3_600_000);

/** The token endpoint's answer: a 401 says `unauthorized` (a wrong user or password). */
export function tokenRoute(
  status: number,
  code: string | undefined = status === 401 ? 'unauthorized' : undefined,
) {
  return installFakeFetch({
    'POST /client/token': () =>
      status === 200
        ? json({
            access_token: token,
            refresh_token: 'r1',
            expires_in: 14400,
            token_type: 'bearer',
          })
        : json({ ...errorBody(status, code), message: 'bad credentials' }, status),
  });
}
