import { useQuery } from '@tanstack/react-query';
import { http, HttpError, reportError } from '../../../lib/http';

export interface ServerVersion {
  major: string;
  minor: string;
  subminor: string;
  commit: string;
}

/**
 * GET /version; a failure shows the dataUpdate error (spec 1 §8): the HTTP layer shows it, but
 * for the 400 and 409 it leaves to the caller, shown here.
 */
export function useServerVersion() {
  return useQuery({
    queryKey: ['server-version'],
    queryFn: ({ signal }) =>
      http.request<ServerVersion>('/version', { auth: false, signal }).catch((error: unknown) => {
        if (error instanceof HttpError && (error.status === 400 || error.status === 409))
          reportError('dataUpdate');
        throw error;
      }),
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * "1.2.3 (abcd)", the commit cut to 4 characters; undefined while unknown. A server that
 * names no commit (a compatible cloud may not) gets `unknown` in its place.
 */
export function formatServerVersion(
  v: ServerVersion | undefined,
  unknown = 'unknown',
): string | undefined {
  if (!v) return undefined;
  const commit = typeof v.commit === 'string' && v.commit !== '' ? v.commit.slice(0, 4) : unknown;
  return `${v.major}.${v.minor}.${v.subminor} (${commit})`;
}
