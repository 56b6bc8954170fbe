import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** Hearth's cloud-link API (docs/cloud-link.md): the signed-in user's own accounts only. */
export const CLOUD_LINKS = '/api/v2/cloud_links';

export type CloudAccountState = 'linked' | 'needs-password' | 'unreachable' | 'rate-limited';
export type StaleReason = 'needs-password' | 'unreachable' | 'rate-limited' | 'no-updates';
export type HistoryState = 'pending' | 'importing' | 'done' | 'failed';

export interface Cloud {
  name: string;
  label: string;
}

export interface LinkedDev {
  dev_id: string;
  upstream_dev_id: string;
  name: string;
  group_id: string | null;
  last_update_at: string | null;
  stale: boolean;
  stale_reason: StaleReason | null;
  history: { state: HistoryState; from: string | null; done_until: string | null };
}

export interface CloudAccount {
  id: string;
  cloud: string;
  label: string;
  email: string;
  state: CloudAccountState;
  state_at: string;
  devs: LinkedDev[];
}

export interface UpstreamHome {
  id: string;
  name: string;
  devs: Array<{
    dev_id: string;
    name: string;
    product_id: string;
    hearth_dev_id: string;
    linked: boolean;
  }>;
}

const enc = encodeURIComponent;

export const cloudLinkKeys = {
  clouds: () => ['cloud-links', 'clouds'] as const,
  accounts: () => ['cloud-links', 'accounts'] as const,
  homes: (account: string) => ['cloud-links', 'accounts', account, 'homes'] as const,
};

export function useClouds() {
  return useQuery({
    queryKey: cloudLinkKeys.clouds(),
    queryFn: ({ signal }) => http.request<{ clouds: Cloud[] }>(`${CLOUD_LINKS}/clouds`, { signal }),
  });
}

export function useCloudAccounts() {
  return useQuery({
    queryKey: cloudLinkKeys.accounts(),
    queryFn: ({ signal }) =>
      http.request<{ accounts: CloudAccount[] }>(`${CLOUD_LINKS}/accounts`, { signal }),
  });
}

export function useUpstreamHomes(account: string) {
  return useQuery({
    queryKey: cloudLinkKeys.homes(account),
    queryFn: ({ signal }) =>
      http.request<{ homes: UpstreamHome[] }>(`${CLOUD_LINKS}/accounts/${enc(account)}/homes`, {
        signal,
      }),
  });
}

export function linkAccount(body: {
  cloud: string;
  email: string;
  password: string;
}): Promise<CloudAccount> {
  return http.request<CloudAccount>(`${CLOUD_LINKS}/accounts`, { method: 'POST', json: body });
}

export function bringDevices(
  account: string,
  body: { group_id: string; devs: string[] },
): Promise<{ group_id: string; devs: Array<{ dev_id: string; name: string }> }> {
  return http.request(`${CLOUD_LINKS}/accounts/${enc(account)}/devs`, {
    method: 'POST',
    json: body,
  });
}

export function unlinkAccount(account: string): Promise<unknown> {
  return http.request(`${CLOUD_LINKS}/accounts/${enc(account)}`, { method: 'DELETE' });
}

export function unlinkDevice(devId: string): Promise<unknown> {
  return http.request(`${CLOUD_LINKS}/devs/${enc(devId)}`, { method: 'DELETE' });
}
