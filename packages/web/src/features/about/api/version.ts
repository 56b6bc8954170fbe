import { useQuery } from '@tanstack/react-query';
import { http, reportRefusal } from '../../../lib/http';

export interface ServerVersion {
  major: string;
  minor: string;
  subminor: string;
  commit: string;
}

/**
 * GET /version; a failure shows the dataUpdate error (spec 1 §8): the HTTP layer shows it, but
 * for a refusal (by the server's error code), left to the caller and shown here.
 */
export function useServerVersion() {
  return useQuery({
    queryKey: ['server-version'],
    queryFn: ({ signal }) =>
      http.request<ServerVersion>('/version', { auth: false, signal }).catch((error: unknown) => {
        reportRefusal(error, 'dataUpdate');
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
