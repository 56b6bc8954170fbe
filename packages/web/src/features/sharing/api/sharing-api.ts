import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { GuestScope, ShareRole } from '@hearth/protocol';
import { appConfig } from '../../../lib/config';
import { http, HttpError, reportRefusal } from '../../../lib/http';
import { useSessionStore } from '../../../lib/session/session-store';
import { sharingKeys } from '../../../lib/sharing';

const enc = encodeURIComponent;
const group = (homeId: string, suffix: string) => `/api/v2/groups/${enc(homeId)}${suffix}`;

/** A person the home is shared with, or an invitation not yet accepted (docs/sharing.md). */
export interface Member {
  email: string;
  pending: boolean;
  role: ShareRole;
  scope: GuestScope;
}

/** One accepted change of the home (docs/sharing.md "Activity log"). */
export interface ActivityEntry {
  id: number;
  at: string;
  user_id: string | null;
  actor: string;
  source: string;
  via: string;
  dev_id: string | null;
  node_type: string | null;
  node_addr: number | null;
  action: string;
  detail: Record<string, unknown>;
}

export interface ActivityPage {
  entries: ActivityEntry[];
  next_before: number | null;
}

export const ACTIVITY_PAGE_SIZE = 50;

/**
 * Spec 2 §8: a failed read of the people is the dataUpdate error. The HTTP layer tells it,
 * but a refusal (spec 1 §8, told by the server's error code) is told here.
 */
export function useMembers(homeId: string) {
  return useQuery({
    queryKey: sharingKeys.members(homeId),
    queryFn: async ({ signal }) => {
      try {
        return await http.request<{ members: Member[] }>(group(homeId, '/members'), { signal });
      } catch (error) {
        reportRefusal(error, 'dataUpdate');
        throw error;
      }
    },
    select: (got) => got.members,
  });
}

/** Changes a member's or invitation's role and scope (owner only). */
export function setRights(
  homeId: string,
  body: { email: string; role: ShareRole; scope?: GuestScope },
) {
  return http.request<Member>(group(homeId, '/members'), { method: 'PUT', json: body });
}

/**
 * docs/sharing.md: the smartbox invitation with the role and scope; its link opens at the
 * brand's frontend host (spec 1 §7), as the other e-mailed links do.
 */
export function invite(
  userId: string,
  homeId: string,
  body: { email: string; role: ShareRole; scope?: GuestScope; frontendHost: string },
) {
  return http.request(`/api/v2/users/${enc(userId)}/invite`, {
    method: 'POST',
    json: {
      email: body.email,
      groupid: homeId,
      confirmation_url: body.frontendHost,
      role: body.role,
      ...(body.role === 'guest' && body.scope ? { scope: body.scope } : {}),
    },
  });
}

/** Removing a person is the smartbox guest deletion. */
export function revoke(userId: string, homeId: string, email: string) {
  return http.request(`/api/v2/users/${enc(userId)}/invite`, {
    method: 'DELETE',
    json: { groupid: homeId, email },
  });
}

export function useActivity(homeId: string) {
  return useInfiniteQuery({
    queryKey: sharingKeys.activity(homeId),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      http.request<ActivityPage>(
        group(
          homeId,
          `/activity?limit=${ACTIVITY_PAGE_SIZE}${pageParam === undefined ? '' : `&before=${pageParam}`}`,
        ),
        { signal },
      ),
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
}

/**
 * The whole log as the server's CSV. The HTTP client reads JSON answers, so the file is
 * fetched with the session's token here; demo mode answers it in the browser.
 */
export async function fetchActivityCsv(homeId: string): Promise<string> {
  const path = group(homeId, '/activity.csv');
  if (useSessionStore.getState().demo) return http.request<string>(path);
  const token = await http.getValidToken();
  const answer = await fetch(`${appConfig.apiBaseUrl}${path}`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' },
  });
  if (!answer.ok) throw new HttpError(answer.status, 'dataUpdate');
  return answer.text();
}
