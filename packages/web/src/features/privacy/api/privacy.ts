import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrivacyResponse } from '@hearth/protocol';
import { http, reportRefusal } from '../../../lib/http';

const privacyKey = (userId: string) => ['privacy', userId] as const;

export const privacyQuery = (userId: string) =>
  queryOptions({
    queryKey: privacyKey(userId),
    queryFn: ({ signal }) =>
      http.request<PrivacyResponse>(`/api/v2/users/${encodeURIComponent(userId)}/privacy`, {
        signal,
      }),
    enabled: userId !== '',
    staleTime: Infinity,
  });

export function usePrivacy(userId: string) {
  return useQuery(privacyQuery(userId));
}

/**
 * Accepting is sent for the user id; a failure is a global userRequest error (spec 1 §8): the
 * HTTP layer shows it, but for a refusal (by error code) it leaves to the caller, shown here.
 */
export function useAcceptPrivacy(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.request<PrivacyResponse>(`/api/v2/users/${encodeURIComponent(userId)}/privacy`, {
        method: 'POST',
        json: { accepted: true },
      }),
    onSuccess: (answer) => client.setQueryData(privacyKey(userId), answer),
    onError: (error) => {
      reportRefusal(error, 'userRequest');
    },
  });
}
