import { useQuery } from '@tanstack/react-query';
import {
  SCOPE_PROBLEMS,
  type GuestScope,
  type HomeRole,
  type ScopeProblem,
} from '@hearth/protocol';
import { errorCodeOf, http, HttpError } from '../http';

/** The caller's own rights on a home (docs/sharing.md, `GET /groups/{gid}/my_access`). */
export interface MyAccess {
  role: HomeRole;
  scope: GuestScope;
  /** Whether the access holds now: a guest's window may be closed. */
  active: boolean;
  problem: ScopeProblem | null;
  time_zone: string;
}

const KNOWN: ReadonlySet<string> = new Set(SCOPE_PROBLEMS);

/**
 * The reason of a 403 `outside_scope`: the server words it in English and puts its code in
 * brackets at the end of the message (docs/sharing.md); the app words it itself.
 */
export function scopeProblemOf(err: unknown): ScopeProblem | undefined {
  if (errorCodeOf(err) !== 'outside_scope' || !(err instanceof HttpError)) return undefined;
  const code = /\(([a-z_]+)\)\s*$/.exec(err.body?.message ?? '')?.[1];
  return code && KNOWN.has(code) ? (code as ScopeProblem) : 'write_not_allowed';
}

export const sharingKeys = {
  myAccess: (homeId: string) => ['groups', homeId, 'my_access'] as const,
  members: (homeId: string) => ['groups', homeId, 'members'] as const,
  activity: (homeId: string) => ['groups', homeId, 'activity'] as const,
};

/**
 * Reads the caller's rights. A guest whose window is closed is refused with the window's
 * reason, which is an answer here, not a failure: the screen says when access holds.
 */
export async function getMyAccess(homeId: string, signal?: AbortSignal): Promise<MyAccess> {
  try {
    return await http.request<MyAccess>(`/api/v2/groups/${encodeURIComponent(homeId)}/my_access`, {
      quiet: true,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    const problem = scopeProblemOf(error);
    if (!problem) throw error;
    return { role: 'guest', scope: {}, active: false, problem, time_zone: 'UTC' };
  }
}

/**
 * The caller's rights on a home they do not own; the owner's are known without asking. Until
 * it is read, nothing is hidden: the server refuses what the scope does not allow anyway.
 */
export function useMyAccess(homeId: string | undefined, owner: boolean | undefined) {
  return useQuery({
    queryKey: sharingKeys.myAccess(homeId ?? ''),
    queryFn: ({ signal }) => getMyAccess(homeId ?? '', signal),
    enabled: homeId !== undefined && homeId !== '' && owner === false,
    staleTime: 30_000,
  });
}
