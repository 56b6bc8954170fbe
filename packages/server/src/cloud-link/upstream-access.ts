import {
  NeedsPasswordError,
  UpstreamClient,
  UpstreamRateLimitedError,
  UpstreamSession,
  UpstreamUnreachableError,
  type CloudUpstream,
  type UpstreamHome,
} from '@hearth/cloud-link';
import { errors } from '../errors';

/** What a one-off call to the cloud ended in, for the account's state. */
export type UpstreamOutcome = 'linked' | 'needs-password' | 'unreachable' | 'rate-limited';

export function outcomeOf(error: unknown): UpstreamOutcome | undefined {
  if (error instanceof NeedsPasswordError) return 'needs-password';
  if (error instanceof UpstreamRateLimitedError) return 'rate-limited';
  if (error instanceof UpstreamUnreachableError) return 'unreachable';
  return undefined;
}

/** The caller's answer for a cloud that failed; the cloud's name, never its address. */
export function upstreamHttpError(upstream: CloudUpstream, error: unknown) {
  const outcome = outcomeOf(error);
  if (outcome === 'needs-password')
    return errors.validation(`The ${upstream.name} cloud refused the e-mail and password`);
  if (outcome === 'rate-limited')
    return errors.badGateway(`The ${upstream.name} cloud is limiting requests; try again later`);
  return errors.badGateway(`The ${upstream.name} cloud could not be reached`);
}

/**
 * Signs in once and runs `work` with a client, then forgets the session: the link API's calls
 * (checking a password, listing homes) hold no token between requests.
 */
export async function withUpstream<T>(
  upstream: CloudUpstream,
  email: string,
  password: string,
  work: (client: UpstreamClient) => Promise<T>,
  fetchFn?: typeof fetch,
): Promise<T> {
  const session = new UpstreamSession({
    upstream,
    username: email,
    password,
    refreshAhead: false,
    ...(fetchFn ? { fetch: fetchFn } : {}),
  });
  try {
    await session.accessToken();
    return await work(
      new UpstreamClient({ upstream, session, ...(fetchFn ? { fetch: fetchFn } : {}) }),
    );
  } finally {
    session.close();
  }
}

export type { UpstreamHome };
